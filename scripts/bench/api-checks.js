import { countPending } from './confessions-data.js';

const sum = (values) => values.reduce((total, value) => total + value, 0);

/**
 * What the read models hold once the server has stopped, against what its answers said: a
 * pending confession for every submission answered 201 (and at most one more for each that got
 * no answer or a 5xx), and on every confession the like toggles used, the likes its ledger
 * allows.
 */
export async function checkReadModels(db, collegeCode, { levels, ledger }) {
  const created = sum(levels.map((level) => level.submissions.created));
  const uncertain = sum(levels.map((level) => level.submissions.uncertain));
  const pending = await countPending(db, collegeCode);
  const expected = ledger.expectedCounts();
  const { rows } = await db.query('SELECT id::text, likes FROM read_model.confessions WHERE id = ANY($1::uuid[])', [
    expected.map(([id]) => id),
  ]);
  const stored = new Map(rows.map((row) => [row.id, Number(row.likes)]));
  const likesOff = expected.filter(([id, lowest, highest]) => !(stored.get(id) >= lowest && stored.get(id) <= highest));
  return {
    pending,
    created,
    uncertain,
    pendingOk: pending >= created && pending <= created + uncertain,
    likeConfessions: expected.length,
    likesOff: likesOff.length,
  };
}
