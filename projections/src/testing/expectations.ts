import { expect } from '@jest/globals';
import type { Row, SqlExecutor } from '@secretchatbox/database';
import type { ReportedRows } from '../projection.js';

/** What a case left: its transaction, and the reports of its last batch (`Projection.report`). */
export type CaseOutcome = Readonly<{ db: SqlExecutor; reports: readonly Promise<ReportedRows>[] }>;

/** A check of the read models once the events are applied, inside the case's transaction. */
export type Expectation = Readonly<{ check(outcome: CaseOutcome): Promise<void> }>;

/**
 * The rows of `read_model.<table>`, in any order, in the columns the expected rows name (each
 * names the same ones; the others are not checked). Columns come back as the database port gives
 * them: timestamps as Dates, but bigint, numeric and date differ between PGlite and a server, so
 * a case reads those through `answer`.
 */
export function rows(table: string, expected: readonly Row[]): Expectation {
  const columns = Object.keys(expected[0] ?? {});
  if (expected.some((row) => Object.keys(row).join() !== columns.join())) {
    throw new Error(`The expected rows of ${table} name different columns`);
  }
  const selected = columns.length > 0 ? columns.map((column) => `"${column}"`).join(', ') : '*';
  return {
    async check({ db }) {
      const { rows: actual } = await db.query(`SELECT ${selected} FROM read_model."${table}"`);
      expect(inStableOrder(actual, columns)).toEqual(inStableOrder(expected, columns));
    },
  };
}

/** What a read of the read models answers: a query of a read-model module, or any SQL through `db`. */
export function answer<T>(read: (db: SqlExecutor) => Promise<T>, expected: T): Expectation {
  return {
    async check({ db }) {
      expect(await read(db)).toEqual(expected);
    },
  };
}

/** What the projections reported of the case's last batch, as the runner hands it to its listeners. */
export function batchReports(expected: readonly ReportedRows[]): Expectation {
  return {
    async check({ db, reports }) {
      // The reports go with the batch's writes, which the next read through the transaction sends.
      await db.query('SELECT 1');
      expect(await Promise.all(reports)).toEqual(expected);
    },
  };
}

/** Rows sorted by their values, so that two sets of rows compare whatever order each came in. */
function inStableOrder(unordered: readonly Row[], columns: readonly string[]): Row[] {
  const keyOf = (row: Row) =>
    JSON.stringify(
      columns.map((column) => row[column]),
      (_, value) => (typeof value === 'bigint' ? value.toString() : value),
    );
  return [...unordered].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}
