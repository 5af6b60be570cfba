import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import { idleTransaction, postgresTarget } from '@secretchatbox/database/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { comparePositions, PostgresEventStore, type Position } from '../src/index.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[skipped] the horizon tests need a PostgreSQL server: TEST_DATABASE_URL is not set.');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const appendSql = `SELECT * FROM event_store.append_to_stream($1, 'any', $2::jsonb)`;
const eventsJson = (type: string, count = 1) =>
  JSON.stringify(Array.from({ length: count }, () => ({ id: randomUUID(), type, data: {}, metadata: {} })));

// Holding one transaction open while others commit needs several connections; PGlite has one.
(serverUrl ? describe : describe.skip)('the horizon of read all on a PostgreSQL server', () => {
  let store: PostgresEventStore;
  let db: Database;
  let connectionString: string;
  let dispose: () => Promise<void>;
  /** The reads of all that subscriptions made themselves, not handed a page by an append, once answered. */
  let ownReadsOfAll = 0;

  beforeAll(async () => {
    const created = await postgresTarget(serverUrl!).create();
    ({ dispose } = created);
    connectionString = created.connectionString!;
    const query = created.db.query.bind(created.db);
    created.db.query = ((sql: string, params?: readonly unknown[]) => {
      const answer = query(sql, params);
      if (!sql.includes('event_store.read_all_after(')) return answer;
      return answer.finally(() => (ownReadsOfAll += 1));
    }) as typeof created.db.query;
    db = created.db;
    store = await PostgresEventStore.open(db);
  });
  afterAll(async () => {
    await store.close();
    await dispose();
  });

  async function readEverythingAfter(after: Position | null, expected: number) {
    let events = await store.readAll({ after, maxCount: 100_000 });
    for (let i = 0; i < 250 && events.length < expected; i++) {
      await sleep(20);
      events = await store.readAll({ after, maxCount: 100_000 });
    }
    return events;
  }

  /**
   * `work` while an append ('Slow') is under way in a transaction held open on a connection of its
   * own, and another ('Fast') has committed behind it; `commit` ends the first.
   */
  async function withAppendUnderWay(
    prefix: string,
    work: (start: Position, commit: () => Promise<unknown>) => Promise<void>,
  ) {
    const start = await store.appendToStream(`${prefix}-start`, [{ type: 'Start', data: {} }]);
    const slow = new pg.Client({ connectionString });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(appendSql, [`${prefix}-slow`, eventsJson('Slow')]);
      await store.appendToStream(`${prefix}-fast`, [{ type: 'Fast', data: {} }]);
      await work(start.position, () => slow.query('COMMIT'));
    } finally {
      await slow.end();
    }
  }

  it('holds back events committed after an open append until it commits, then gives both in order', async () => {
    await withAppendUnderWay('late', async (start, commit) => {
      const whileOpen = await store.readAll({ after: start });
      expect(whileOpen.map((event) => event.type)).toEqual([]);

      await commit();
      const afterCommit = await readEverythingAfter(start, 2);
      expect(afterCommit.map((event) => event.type)).toEqual(['Slow', 'Fast']);
    });
  });

  it('waits, when asked, for an append under way, then gives it and what committed behind it', async () => {
    await withAppendUnderWay('wait', async (start, commit) => {
      let answered = false;
      const read = store.readAll({ after: start, waitForOpenAppends: true }).then((events) => {
        answered = true;
        return events;
      });
      await sleep(300);
      expect(answered).toBe(false);
      await commit();
      expect((await read).map((event) => event.type)).toEqual(['Slow', 'Fast']);
    });
  });

  for (const where of ['another database of the server', 'the same database']) {
    it(`is not held back by an idle transaction in ${where}`, async () => {
      const idle = await idleTransaction(where === 'the same database' ? connectionString : serverUrl!);
      try {
        const start = await store.headPosition();
        const appended = await store.appendToStream(`past-idle-${where}`, [{ type: 'AfterIdle', data: {} }]);
        // Read once, with no retry: the idle transaction is older and still open.
        const events = await store.readAll({ after: start });
        expect(events.map((event) => event.type)).toEqual(['AfterIdle']);
        expect(events[0]!.position).toEqual(appended.position);
        expect(await store.headPosition()).toEqual(appended.position);
      } finally {
        await idle.query('ROLLBACK');
        await idle.end();
      }
    });
  }

  it('refuses an append in a transaction that has written something else first (ES002)', async () => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('CREATE TEMP TABLE first_write (n int)');
      await client.query('INSERT INTO first_write VALUES (1)');
      await expect(client.query(appendSql, ['too-late', eventsJson('TooLate')])).rejects.toMatchObject({
        code: 'ES002',
      });
      await client.query('ROLLBACK');
      // Two appends in one transaction are fine: the second finds the first one's marker.
      await client.query('BEGIN');
      await client.query(appendSql, ['twice', eventsJson('First')]);
      await client.query(appendSql, ['twice', eventsJson('Second')]);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  });

  /** Counts of the events a reader saw, by id, and where it stopped. */
  type Reading = Readonly<{ seen: Map<string, number>; after: () => Position | null }>;

  /**
   * Appends through the store, from late transactions held open for a while, and transactions
   * that take an id without appending, while `read` reads from `start` until told that writing
   * is over and it has seen the number of events appended; then checks that it saw each exactly once.
   */
  async function checkNothingPassedOver(
    start: Position | null,
    read: (progress: Readonly<{ writing: () => boolean; appended: () => number }>) => Promise<Reading>,
  ) {
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = new pg.Client({ connectionString });
        await client.connect();
        return client;
      }),
    );
    const otherDatabase = new pg.Client({ connectionString: serverUrl });
    await otherDatabase.connect();
    let writing = true;
    let appendedCount = 0;
    const reading = read({ writing: () => writing, appended: () => appendedCount });
    const late = async (client: pg.Client, n: number) => {
      for (let round = 0; round < 40; round++) {
        await client.query('BEGIN');
        await client.query(appendSql, [`late-${n}-${round}-${randomUUID()}`, eventsJson('Late', 1 + (round % 3))]);
        await sleep(round % 4);
        await client.query('COMMIT');
        appendedCount += 1 + (round % 3);
      }
    };
    // Transactions that take an id and write, but never append: the horizon must ignore them.
    const others = async (client: pg.Client) => {
      for (let round = 0; round < 60; round++) {
        await client.query('BEGIN');
        await client.query('SELECT pg_current_xact_id()');
        await sleep(round % 3);
        await client.query(round % 2 ? 'COMMIT' : 'ROLLBACK');
      }
    };
    const direct = async () => {
      for (let round = 0; round < 60; round++) {
        await Promise.all(
          Array.from({ length: 5 }, () =>
            store.appendToStream(`direct-${randomUUID()}`, [{ type: 'Direct', data: {} }]),
          ),
        );
        appendedCount += 5;
      }
    };
    try {
      await Promise.all([
        ...clients.slice(0, 5).map((client, n) => late(client, n)),
        ...clients.slice(5).map((client) => others(client)),
        others(otherDatabase),
        direct(),
      ]);
      writing = false;
      const { seen, after } = await reading;
      expect([...seen.values()].filter((times) => times > 1)).toEqual([]);
      // An event the reader missed is one it passed over (at or before where it stopped) or one
      // that was still held back when it stopped: the message tells which.
      const everything = await readEverythingAfter(start, appendedCount);
      const stoppedAt = after();
      const missed = everything
        .filter((event) => !seen.has(event.id))
        .map(({ streamId, position }) => ({
          streamId,
          position: `${position.commit}/${position.prepare}`,
          passedOver: stoppedAt !== null && comparePositions(position, stoppedAt) <= 0,
          readerAt: stoppedAt && `${stoppedAt.commit}/${stoppedAt.prepare}`,
        }));
      expect(missed).toEqual([]);
      expect(seen.size).toBe(appendedCount);
    } finally {
      writing = false;
      await Promise.all([...clients, otherDatabase].map((client) => client.end()));
    }
  }

  it('never passes over an event under concurrent late commits, idle transactions and other writers', async () => {
    const start = await store.headPosition();
    await checkNothingPassedOver(start, async ({ writing, appended }) => {
      const seen = new Map<string, number>();
      let after = start;
      // Reads as a projection does, from its last position, while everything else runs.
      while (writing() || seen.size < appended()) {
        const page = await store.readAll({ after, maxCount: 50 });
        for (const event of page) {
          seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
          after = event.position;
        }
        if (page.length === 0) await sleep(1);
        if (!writing() && page.length === 0) {
          const rest = await readEverythingAfter(after, appended() - seen.size);
          for (const event of rest) seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
          break;
        }
      }
      return { seen, after: () => after };
    });
  }, 60_000);

  it('never passes over an event with a subscription that the appends hand its pages', async () => {
    const start = await store.headPosition();
    await checkNothingPassedOver(start, async ({ writing, appended }) => {
      const seen = new Map<string, number>();
      let after = start;
      const subscription = store.subscribeToAll({ after: start });
      const done = () => !writing() && seen.size >= appended();
      const deadline = setTimeout(() => void subscription.close(), 50_000);
      // The last event may arrive before the writers finish: then no event comes to end the loop.
      const finished = setInterval(() => done() && void subscription.close(), 20);
      for await (const event of subscription) {
        seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
        after = event.position;
        if (done()) break;
      }
      clearTimeout(deadline);
      clearInterval(finished);
      return { seen, after: () => after };
    });
  }, 60_000);

  for (const where of ['another database of the server', 'the same database']) {
    it(`hands a subscription an append's events in the append's own call past an idle transaction in ${where}`, async () => {
      // A poll due during the test would be a read of the subscription's own: none falls due here.
      const unpolled = await PostgresEventStore.open(db, { pollIntervalMs: 600_000 });
      const start = await unpolled.headPosition();
      const readsAtStart = ownReadsOfAll;
      const subscription = unpolled.subscribeToAll({ after: start });
      const received: string[] = [];
      const consuming = (async () => {
        for await (const event of subscription) received.push(event.type);
      })();
      const idle = await idleTransaction(where === 'the same database' ? connectionString : serverUrl!);
      try {
        // The subscription's first read finds nothing; after it, the append reads for it.
        for (let i = 0; i < 250 && ownReadsOfAll === readsAtStart; i++) await sleep(20);
        const readsBefore = ownReadsOfAll;
        await unpolled.appendToStream(`fed-past-idle-${where}`, [{ type: 'FedPastIdle', data: {} }]);
        for (let i = 0; i < 250 && received.length < 1; i++) await sleep(20);
        expect(received).toEqual(['FedPastIdle']);
        // The idle transaction is older than the append's: the append still found its own events safe.
        expect(ownReadsOfAll).toBe(readsBefore);
      } finally {
        await idle.query('ROLLBACK');
        await idle.end();
        await subscription.close();
        await consuming;
        await unpolled.close();
      }
    });
  }

  it('hands the events of an append to a subscription only once every older append has committed', async () => {
    const start = await store.appendToStream('own-start', [{ type: 'Start', data: {} }]);
    const subscription = store.subscribeToAll({ after: start.position });
    const received: string[] = [];
    const consuming = (async () => {
      for await (const event of subscription) received.push(event.type);
    })();
    const slow = new pg.Client({ connectionString });
    await slow.connect();
    try {
      await sleep(50);
      await slow.query('BEGIN');
      await slow.query(appendSql, ['own-slow', eventsJson('Slow')]);
      await store.appendToStream('own-fast', [{ type: 'Fast', data: {} }]);
      await sleep(100);
      expect(received).toEqual([]);
      await slow.query('COMMIT');
      for (let i = 0; i < 250 && received.length < 2; i++) await sleep(20);
      expect(received).toEqual(['Slow', 'Fast']);
    } finally {
      await slow.end();
      await subscription.close();
      await consuming;
    }
  });
});
