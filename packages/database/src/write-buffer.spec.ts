import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { escapeLiteral, PreparedWrites, WriteBuffer } from './write-buffer.js';

function buffer(statements = new PreparedWrites(), fail = false) {
  const sent: string[] = [];
  const bound: { sql: string; params: readonly unknown[] }[] = [];
  const writes = new WriteBuffer(async (sql, params) => {
    if (params) bound.push({ sql, params });
    else sent.push(sql);
    if (fail) throw new Error('refused');
  }, statements);
  return { sent, bound, writes, statements };
}

const insert = 'INSERT INTO t (a, b, c) VALUES ($1, $2, $3)';
const update = 'UPDATE t SET a = $2 WHERE b = $1';
const nameOf = (statements: PreparedWrites, sql: string) => statements.nameOf(sql).name;

describe('WriteBuffer', () => {
  it('prepares each statement once and sends the writes as one script of EXECUTEs with quoted literals', async () => {
    const { sent, writes, statements } = buffer();
    const [i, u] = [nameOf(statements, insert), nameOf(statements, update)];
    expect(writes.offer(insert, ["it's", null, 42])).toBe(true);
    expect(writes.offer(update, ['x\\y', { k: 'v' }])).toBe(true);
    expect(writes.offer(insert, ['again', 'b', 1])).toBe(true);
    await writes.flush();
    expect(sent).toEqual([
      [
        `PREPARE ${i} AS ${insert}`,
        `PREPARE ${u} AS ${update}`,
        'SET LOCAL enable_seqscan = off',
        `EXECUTE ${i}('it''s', NULL, '42')`,
        `EXECUTE ${u}( E'x\\\\y', '{"k":"v"}')`,
        `EXECUTE ${i}('again', 'b', '1')`,
      ].join(';\n'),
    ]);
    await writes.flush();
    expect(sent).toHaveLength(1);
  });

  it('does not prepare again on the same connection', async () => {
    const statements = new PreparedWrites();
    await buffer(statements).writes.flush();
    const first = buffer(statements);
    first.writes.offer(insert, [1, 2, 3]);
    await first.writes.flush();
    const second = buffer(statements);
    second.writes.offer(insert, [4, 5, 6]);
    await second.writes.flush();
    expect(second.sent).toEqual([
      `SET LOCAL enable_seqscan = off;\nEXECUTE ${nameOf(statements, insert)}('4', '5', '6')`,
    ]);
  });

  it('prepares under new names after a script that failed, which may have prepared some and not others', async () => {
    const statements = new PreparedWrites();
    const failed = buffer(statements, true);
    failed.writes.offer(insert, [1, 2, 3]);
    expect(failed.sent).toEqual([]);
    await expect(failed.writes.flush()).rejects.toThrow('refused');
    expect(failed.sent[0]).toMatch(/^PREPARE scb_w0_/);
    const next = buffer(statements);
    next.writes.offer(insert, [1, 2, 3]);
    await next.writes.flush();
    expect(next.sent[0]).toMatch(/^PREPARE scb_w1_\w+ AS INSERT/);
  });

  it('prepares nothing for a buffer that was never sent', async () => {
    const statements = new PreparedWrites();
    buffer(statements).writes.offer(insert, [1, 2, 3]);
    expect(statements.nameOf(insert).prepared).toBe(false);
  });

  it('sends settings and transaction control with the writes, and plans the writes without sequential scans', async () => {
    const { sent, writes, statements } = buffer();
    writes.push('BEGIN');
    expect(writes.offer('SET LOCAL synchronous_commit = off', undefined)).toBe(true);
    expect(writes.offer('DELETE FROM t WHERE a = $1', [1])).toBe(true);
    writes.push('COMMIT');
    await writes.flush();
    const name = nameOf(statements, 'DELETE FROM t WHERE a = $1');
    expect(sent).toEqual([
      `PREPARE ${name} AS DELETE FROM t WHERE a = $1;\nBEGIN;\nSET LOCAL synchronous_commit = off;\nSET LOCAL enable_seqscan = off;\nEXECUTE ${name}('1');\nCOMMIT`,
    ]);
  });

  it('sends a write with large arguments in its place between two scripts, with its arguments bound', async () => {
    const { sent, bound, writes, statements } = buffer();
    const document = JSON.stringify(Array.from({ length: 2000 }, (_, n) => ({ n, text: "it's a long row" })));
    const journal = 'INSERT INTO j SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(n int, text text)';
    writes.push('BEGIN');
    writes.offer(insert, [1, 2, 3]);
    expect(writes.offer(journal, [document])).toBe(true);
    writes.push('COMMIT');
    expect(sent).toEqual([]);
    await writes.flush();
    const name = nameOf(statements, insert);
    expect(sent).toEqual([
      `PREPARE ${name} AS ${insert};\nBEGIN;\nSET LOCAL enable_seqscan = off;\nEXECUTE ${name}('1', '2', '3')`,
      'COMMIT',
    ]);
    expect(bound).toEqual([{ sql: journal, params: [document] }]);
  });

  it('sends nothing after a part of the transaction that failed', async () => {
    const { sent, bound, writes } = buffer(new PreparedWrites(), true);
    writes.offer(insert, [1, 2, 3]);
    writes.offer('INSERT INTO j SELECT $1', ['x'.repeat(70_000)]);
    await expect(writes.flush()).rejects.toThrow('refused');
    expect(sent).toHaveLength(1);
    expect(bound).toEqual([]);
  });

  it.each([
    ['a read', 'SELECT * FROM t WHERE a = $1'],
    ['a write that returns rows', 'INSERT INTO t (a) VALUES ($1) RETURNING id'],
  ])('runs %s at once', (_, sql) => {
    expect(buffer().writes.offer(sql, ['v'])).toBe(false);
  });
});

describe('escapeLiteral', () => {
  it("gives pg's escapeLiteral's result for quotes, backslashes and long text", () => {
    for (const text of ["it's", 'back\\slash', "both ' and \\ here", '', 'x'.repeat(100_000) + "'"]) {
      expect(escapeLiteral(text)).toBe(pg.escapeLiteral(text));
    }
  });
});
