import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Database, Transaction } from '@secretchatbox/database';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { PostgresEventStore } from '../src/index.js';

reportSkippedServerSuites('the stream lookup tests');

const longStream = 'tapped-again-and-again';
const length = 300;

/** How many entries of the stream index this transaction has read so far. */
async function streamIndexEntriesRead(tx: Transaction): Promise<number> {
  const { rows } = await tx.query<{ read: string }>(
    `SELECT pg_stat_get_xact_tuples_returned('event_store.events_stream_key'::regclass)::text AS read`,
  );
  return Number(rows[0]!.read);
}

for (const target of testDatabaseTargets()) {
  describe(`looking up a long stream on ${target.name}`, () => {
    let db: Database;
    let dispose: () => Promise<void>;
    let store: PostgresEventStore;

    beforeEach(async () => {
      ({ db, dispose } = await target.create());
      store = await PostgresEventStore.open(db);
      for (let from = 0; from < length; from += 100) {
        const events = Array.from({ length: 100 }, (_, i) => ({ type: 'Toggled', data: { n: from + i } }));
        await store.appendToStream(longStream, events);
      }
    });
    afterEach(async () => {
      await store.close();
      await dispose();
    });

    it('reads its newest event alone from the end', async () => {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ revision: string }>(
          'SELECT revision FROM event_store.read_stream_backwards($1::text, $2::bigint, 1)',
          [longStream, Number.MAX_SAFE_INTEGER],
        );
        expect(rows.map((row) => Number(row.revision))).toEqual([length - 1]);
        expect(await streamIndexEntriesRead(tx)).toBeLessThanOrEqual(5);
      });
    });

    it('appends after its newest event without reading the others', async () => {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ next_revision: string; error_code: string | null }>(
          `SELECT next_revision::text, error_code FROM event_store.append_group(
             ARRAY[1], ARRAY[$1::text], ARRAY[$2::text], ARRAY[1], ARRAY[$3::uuid], ARRAY['Toggled'],
             ARRAY['{}'::jsonb], ARRAY['{}'::jsonb])`,
          [longStream, String(length - 1), randomUUID()],
        );
        expect(rows).toEqual([{ next_revision: String(length), error_code: null }]);
        expect(await streamIndexEntriesRead(tx)).toBeLessThanOrEqual(5);
      });
    });
  });
}
