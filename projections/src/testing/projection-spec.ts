import { afterAll, beforeAll, describe } from '@jest/globals';
import type { Lease } from '@secretchatbox/database';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import type { Projection } from '../projection.js';
import { readModelComponent, readModelMigrations } from '../read-models/migrations.js';
import { migrateReadModels } from '../rebuild.js';
import { applyBatch } from '../runner/apply-batch.js';
import type { CaseOutcome, Expectation } from './expectations.js';
import { recordEvents, type SpecEvent } from './spec-events.js';

export type ProjectionCase = Readonly<{
  /** The events that arrive next, as one more batch. */
  when(events: readonly SpecEvent[]): Readonly<{ then(...expectations: Expectation[]): Promise<void> }>;
  then(...expectations: Expectation[]): Promise<void>;
}>;

export type ProjectionSpec = Readonly<{
  /** The events already applied, as one batch; `[]` for none. */
  given(events: readonly SpecEvent[]): ProjectionCase;
}>;

/** Rolls a case back, so that the next one starts from empty tables. */
const caseOver = Symbol('case over');

/**
 * Given/when/then for projections: `cases` runs once per test database (PGlite, and the
 * PostgreSQL server when TEST_DATABASE_URL is set), migrated once per file. A case applies each
 * batch to `projections` as the runner does (`applyBatch`, in a lease's transaction, through the
 * same upcasting), runs its expectations in that transaction, then rolls it back.
 */
export function describeProjection(
  readModel: string,
  projections: Projection | readonly Projection[],
  cases: (spec: ProjectionSpec) => void,
): void {
  const applied = Array.isArray(projections) ? projections : [projections as Projection];
  reportSkippedServerSuites(`the ${readModel} read model's specs`);
  for (const target of testDatabaseTargets()) {
    describe(`the ${readModel} read model on ${target.name}`, () => {
      let lease: Lease;
      let dispose: () => Promise<void> = async () => undefined;
      beforeAll(async () => {
        // A copy of a template with the read models migrated; what is left is the deferred indexes.
        const created = await target.create([{ component: readModelComponent, migrations: readModelMigrations }]);
        dispose = created.dispose;
        await migrateReadModels(created.db);
        lease = (await created.db.tryLease(['projection-spec']))!;
      });
      afterAll(async () => {
        await lease?.release();
        await dispose();
      });

      const run = async (batches: readonly (readonly SpecEvent[])[], expectations: Expectation[]) => {
        const record = recordEvents();
        const recorded = batches.filter((batch) => batch.length > 0).map(record);
        await lease
          .transaction(async (tx) => {
            let reports: CaseOutcome['reports'] = [];
            for (const batch of recorded) ({ reports } = await applyBatch(tx, applied, batch, new Map(), true));
            for (const expectation of expectations) await expectation.check({ db: tx, reports });
            throw caseOver;
          })
          .catch((error: unknown) => {
            if (error !== caseOver) throw error;
          });
      };
      const then =
        (batches: readonly (readonly SpecEvent[])[]) =>
        (...expectations: Expectation[]): Promise<void> => {
          // A case awaited before its `then` is handed the promise's callbacks: a throw here ends
          // the wait, which would otherwise last until the test's timeout.
          if (expectations.some((expectation) => typeof expectation.check !== 'function')) {
            throw new TypeError('A case ends with then(expectations), and is not awaited before it');
          }
          return run(batches, expectations);
        };
      cases({
        given: (given) => ({ when: (events) => ({ then: then([given, events]) }), then: then([given]) }),
      });
    });
  }
}
