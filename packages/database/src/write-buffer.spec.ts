import { describe, expect, it } from '@jest/globals';
import { WriteBuffer } from './write-buffer.js';

function buffer() {
  const sent: string[] = [];
  return { sent, writes: new WriteBuffer(async (sql) => sent.push(sql)) };
}

describe('WriteBuffer', () => {
  it('sends buffered writes as one script with the values as quoted literals', async () => {
    const { sent, writes } = buffer();
    expect(writes.offer('INSERT INTO t (a, b, c) VALUES ($1, $2, $3)', ["it's", null, 42])).toBe(true);
    expect(writes.offer('UPDATE t SET a = $2 WHERE b = $1', ['x\\y', { k: 'v' }])).toBe(true);
    await writes.flush();
    expect(sent).toEqual([
      "INSERT INTO t (a, b, c) VALUES ('it''s', NULL, '42');\nUPDATE t SET a = '{\"k\":\"v\"}' WHERE b =  E'x\\\\y'",
    ]);
    await writes.flush();
    expect(sent).toHaveLength(1);
  });

  it('sends settings and transaction control with the writes', async () => {
    const { sent, writes } = buffer();
    writes.push('BEGIN');
    expect(writes.offer('SET LOCAL synchronous_commit = off', undefined)).toBe(true);
    expect(writes.offer('DELETE FROM t WHERE a = $1', [1])).toBe(true);
    writes.push('COMMIT');
    await writes.flush();
    expect(sent).toEqual(["BEGIN;\nSET LOCAL synchronous_commit = off;\nDELETE FROM t WHERE a = '1';\nCOMMIT"]);
  });

  it.each([
    ['a read', 'SELECT * FROM t WHERE a = $1'],
    ['a write that returns rows', 'INSERT INTO t (a) VALUES ($1) RETURNING id'],
    ['a string literal in the text', "UPDATE t SET a = 'x' WHERE b = $1"],
    ['a comment', 'DELETE FROM t WHERE a = $1 -- why'],
    ['a dollar quote', 'INSERT INTO t (a) VALUES ($$x$$)'],
  ])('runs %s at once', (_, sql) => {
    expect(buffer().writes.offer(sql, ['v'])).toBe(false);
  });
});
