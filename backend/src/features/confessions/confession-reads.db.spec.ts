import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import { pgliteTarget } from '@secretchatbox/database/testing';
import type { Position } from '@secretchatbox/event-store';
import { migrateReadModels, type ProjectionRunner, type ReportedRows } from '@secretchatbox/projections';
import type { ProjectionsService } from '../../infrastructure/projections.service.js';
import { ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { ConfessionReads } from './confession-reads.js';

const id = '7c3b2a1d-0e9f-4a8b-b7c6-d5e4f3a2b1c0';
const at = (commit: number): Position => ({ commit: BigInt(commit), prepare: 1n });

/** A runner that only reports, as the test tells it to. */
class ReportingRunner {
  private listener: ((report: ReportedRows, position: Position) => void) | null = null;
  onReport(listener: (report: ReportedRows, position: Position) => void) {
    this.listener = listener;
    return () => undefined;
  }
  onProgress() {
    return () => undefined;
  }
  report(likes: number, position: Position) {
    this.listener!({ projection: 'confessions', rows: [{ id, likes }] }, position);
  }
}

describe("a like's count", () => {
  let db: Database;
  let dispose: () => Promise<void>;
  const runner = new ReportingRunner();
  let reads: ConfessionReads;

  beforeAll(async () => {
    ({ db, dispose } = await pgliteTarget.create());
    await migrateReadModels(db);
    await db.query(
      `INSERT INTO read_model.confessions (id, college_code, category, content, author_session_id, status, likes,
                                           created_at)
       VALUES ($1, 'C001', 'funny', 'A confession of ten.', 'someone', 'approved', 7, now())`,
      [id],
    );
    const projections = { runners: [runner as unknown as ProjectionRunner] } as unknown as ProjectionsService;
    reads = new ConfessionReads(db, new ReadModelChanges(projections, db), projections);
  });
  afterAll(async () => {
    await dispose();
  });

  it('is read from the confession until a batch at or after the like reports it', async () => {
    expect(await reads.likesAsOf(id, at(5))).toBe(7);
    runner.report(3, at(4));
    // Reported by an earlier batch than the like's: out of date for it.
    expect(await reads.likesAsOf(id, at(5))).toBe(7);
    runner.report(9, at(5));
    expect(await reads.likesAsOf(id, at(5))).toBe(9);
    expect(await reads.likesAsOf(id, at(6))).toBe(7);
  });
});
