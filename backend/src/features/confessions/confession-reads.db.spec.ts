import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import { pgliteTarget } from '@secretchatbox/database/testing';
import type { Position } from '@secretchatbox/event-store';
import {
  migrateReadModels,
  ProjectionProgress,
  type ProjectionRunner,
  type ReportedRows,
} from '@secretchatbox/projections';
import type { ProjectionsService } from '../../infrastructure/projections.service.js';
import { ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { ConfessionReads } from './confession-reads.js';

const id = '7c3b2a1d-0e9f-4a8b-b7c6-d5e4f3a2b1c0';
const at = (commit: number): Position => ({ commit: BigInt(commit), prepare: 1n });

/** A runner that only reports, as the test tells it to. */
class ReportingRunner {
  /** Whether it runs the projections in this process, as the server's own runner does. */
  isActive = false;
  private listener: ((report: ReportedRows, position: Position) => void) | null = null;
  onReport(listener: (report: ReportedRows, position: Position) => void) {
    this.listener = listener;
    return () => undefined;
  }
  onProgress() {
    return () => undefined;
  }
  report(likes: number | null, position: Position) {
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
    const changes = new ReadModelChanges(projections, db, new ProjectionProgress(db, []), {
      READ_YOUR_WRITES_TIMEOUT_MS: 1000,
    });
    reads = new ConfessionReads(db, changes, projections);
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

  describe('counted as soon as the toggle is stored', () => {
    const other = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

    it('is counted from the last batch, then from each toggle counted here', () => {
      runner.isActive = true;
      runner.report(9, at(10));
      expect(reads.likesAfterToggle(id, at(11), true)).toBe(10);
      expect(reads.likesAfterToggle(id, at(12), false)).toBe(9);
      // A batch that ended before the last toggle counted here says nothing new.
      runner.report(10, at(11));
      expect(reads.likesAfterToggle(id, at(13), true)).toBe(10);
      // One that ended past a toggle has counted it already.
      runner.report(4, at(15));
      expect(reads.likesAfterToggle(id, at(14), true)).toBe(4);
      expect(reads.likesAfterToggle(id, at(16), false)).toBe(3);
    });

    it('is not counted here for a confession no batch has reported, or one no longer shown', () => {
      runner.isActive = true;
      expect(reads.likesAfterToggle(other, at(20), true)).toBeNull();
      runner.report(5, at(21));
      runner.report(null, at(22));
      expect(reads.likesAfterToggle(id, at(23), true)).toBeNull();
    });

    it('is not counted here while the projections run in another process', () => {
      runner.report(5, at(30));
      runner.isActive = false;
      expect(reads.likesAfterToggle(id, at(31), true)).toBeNull();
    });
  });
});
