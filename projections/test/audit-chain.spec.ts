import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type EventMetadata, type NewEvent, streamOf } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { reportSkippedServerSuites, testDatabaseTargets, until } from '@secretchatbox/database/testing';
import { PostgresEventStore, WrongExpectedRevisionError } from '@secretchatbox/event-store';
import { tamperWithStoredEvents } from '@secretchatbox/event-store/testing';
import {
  AuditChainWriter,
  describeVerdict,
  migrateReadModels,
  openStorage,
  readChainHead,
  type Storage,
  storageConfigSchema,
  verifyAuditChain,
} from '../src/index.js';
import { chainLeaseKey, chainReadCheckpoint, extend } from '../src/audit-chain/chain-writer.js';
import { readCheckpoints } from '../src/runner/checkpoints.js';
import { runCommand } from './support/run-command.js';
import { seededDataDir } from '../src/testing/index.js';

reportSkippedServerSuites('the audit chain tests');

const moderator: EventMetadata = {
  actor: { kind: 'admin', adminId: randomUUID(), username: 'mod', role: 'normal' },
  collegeCode: 'C001',
  occurredAt: '2026-11-01T10:00:00.000Z',
};
const visitor: EventMetadata = {
  actor: { kind: 'visitor', sessionId: 'session-a' },
  occurredAt: '2026-11-01T09:00:00.000Z',
};

type Store = PostgresEventStore | Storage['store'];

async function append(store: Store, event: NewEvent, metadata: EventMetadata): Promise<string> {
  const id = randomUUID();
  await store.appendToStream(streamOf(event), [{ id, ...event, metadata }]);
  return id;
}

/** A confession submitted and decided: two moderation events, and one that is not. */
async function decidedConfession(store: Store, note: string): Promise<{ approved: string; rejected: string }> {
  const confessionId = randomUUID();
  const data = { confessionId, collegeCode: 'C001', category: 'funny', content: 'Ten letters.', nickname: null };
  await append(store, { type: 'ConfessionSubmitted', data } as NewEvent, visitor);
  const approved = await append(store, { type: 'ConfessionApproved', data: { confessionId } }, moderator);
  const rejected = await append(
    store,
    { type: 'ConfessionDeleted', data: { confessionId, reasonCode: 'spam', note } },
    moderator,
  );
  return { approved, rejected };
}

async function linked(store: Store, links: number): Promise<void> {
  await until(async () => (await readChainHead(store)).links >= links);
}

describe.each(testDatabaseTargets())('the audit chain on $name', (target) => {
  let db: Database;
  let store: PostgresEventStore;
  let dispose: () => Promise<void>;
  let writer: AuditChainWriter;

  beforeEach(async () => {
    ({ db, dispose } = await target.create());
    store = await PostgresEventStore.open(db);
    // Where the writer saves how far it has read.
    await migrateReadModels(db);
    writer = new AuditChainWriter(db, store, { retryMs: 50 });
  });

  afterEach(async () => {
    await writer.stop();
    await store.close();
    await dispose();
  });

  it('links every moderation event, in log order, and verifies intact', async () => {
    await decidedConfession(store, 'first');
    writer.start();
    await linked(store, 2);
    await decidedConfession(store, 'second');
    await linked(store, 4);
    const head = await readChainHead(store);
    const verdict = await verifyAuditChain(store, 2);
    expect(verdict).toEqual({ intact: true, links: 4, head: head.hash, unlinked: 0, events: expect.any(Number) });
    expect(describeVerdict(verdict)).toBe(`chain intact: 4 links, head ${head.hash}`);
    expect(head.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names an altered event', async () => {
    writer.start();
    await decidedConfession(store, 'first');
    const { rejected } = await decidedConfession(store, 'second');
    await decidedConfession(store, 'third');
    await linked(store, 6);
    await tamperWithStoredEvents(
      db,
      `UPDATE event_store.events SET data = jsonb_set(data, '{note}', '"nothing to see"') WHERE event_id = $1`,
      [rejected],
    );
    const verdict = await verifyAuditChain(store);
    expect(verdict).toMatchObject({
      intact: false,
      links: 3,
      broken: { link: 4, eventId: rejected, problem: 'altered' },
    });
    expect(describeVerdict(verdict)).toMatch(
      new RegExp(`^chain broken at link 4 \\(event ${rejected}, position \\d+/\\d+\\): the event was altered$`),
    );
  });

  it('names a removed event', async () => {
    writer.start();
    const { approved } = await decidedConfession(store, 'first');
    await decidedConfession(store, 'second');
    await linked(store, 4);
    await tamperWithStoredEvents(db, 'DELETE FROM event_store.events WHERE event_id = $1', [approved]);
    expect(await verifyAuditChain(store)).toMatchObject({
      intact: false,
      broken: { link: 1, eventId: approved, position: null, problem: 'removed' },
    });
  });

  it('names an event inserted among the linked ones', async () => {
    writer.start();
    await decidedConfession(store, 'first');
    await decidedConfession(store, 'second');
    await linked(store, 4);
    const forged = randomUUID();
    // Into the first append's transaction: the log puts it before every later event.
    await db.query(
      `INSERT INTO event_store.events (transaction_id, stream_id, revision, event_id, type, data, metadata)
       SELECT transaction_id, 'confession-forged', 0, $1, 'ConfessionApproved', '{"confessionId": "x"}', $2::jsonb
         FROM event_store.events ORDER BY transaction_id, seq LIMIT 1`,
      [forged, JSON.stringify(moderator)],
    );
    expect(await verifyAuditChain(store)).toMatchObject({
      intact: false,
      broken: { link: 1, eventId: forged, problem: 'inserted' },
    });
  });

  it('never forks: an extension from an out-of-date head is refused', async () => {
    writer.start();
    await decidedConfession(store, 'first');
    await linked(store, 2);
    const [stale] = await store.readAll({ maxCount: 1 });
    const fork = extend({ links: 0, hash: '0'.repeat(64), through: null, revision: -1 }, [
      { ...stale!, type: 'ConfessionApproved' },
    ]);
    await expect(
      store.appendToStream('auditChain', [fork!.event], { expectedRevision: 'no_stream' }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('stops when told to as it takes the lease, before it follows the log', async () => {
    writer.start();
    await writer.stop();
    expect(writer.leaseStatus.held).toBe(false);
    const lease = await db.tryLease([chainLeaseKey]);
    expect(lease).not.toBeNull();
    await lease?.release();
  });

  it('starts from where it last read, past the events after the last link, which link nothing', async () => {
    const saving = new AuditChainWriter(db, store, { retryMs: 50, saveReadEvery: 1 });
    const readTo = async () => (await readCheckpoints(db, [chainReadCheckpoint])).get(chainReadCheckpoint)?.position;
    let end: Awaited<ReturnType<typeof store.headPosition>>;
    try {
      saving.start();
      await decidedConfession(store, 'first');
      await linked(store, 2);
      const confessionId = randomUUID();
      await append(store, { type: 'ConfessionLiked', data: { confessionId, sessionId: 'session-a' } }, visitor);
      await append(store, { type: 'ConfessionUnliked', data: { confessionId, sessionId: 'session-a' } }, visitor);
      end = await store.headPosition();
      await until(async () => (await readTo())?.prepare === end?.prepare);
      expect((await readChainHead(store)).through).not.toEqual(end);
    } finally {
      await saving.stop();
    }

    const subscribedAfter: unknown[] = [];
    const watched = new Proxy(store, {
      get(target, property) {
        if (property === 'subscribeToAll') {
          return (options: Parameters<PostgresEventStore['subscribeToAll']>[0]) => {
            subscribedAfter.push(options?.after);
            return target.subscribeToAll(options);
          };
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const next = new AuditChainWriter(db, watched, { retryMs: 50 });
    try {
      next.start();
      await decidedConfession(store, 'second');
      await linked(store, 4);
    } finally {
      await next.stop();
    }
    expect(subscribedAfter).toEqual([end]);
    expect(await verifyAuditChain(store)).toMatchObject({ intact: true, links: 4 });
  });

  it('a standby writer takes over and goes on from the head', async () => {
    const standby = new AuditChainWriter(db, store, { retryMs: 50 });
    try {
      writer.start();
      standby.start();
      await decidedConfession(store, 'first');
      await linked(store, 2);
      await writer.stop();
      await decidedConfession(store, 'second');
      await linked(store, 4);
      expect(await verifyAuditChain(store)).toMatchObject({ intact: true, links: 4 });
    } finally {
      await standby.stop();
    }
  });
});

/** `npm run audit:verify` on the store `env` configures: its exit code and what it printed. */
async function runVerify(env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const { code, stdout } = await runCommand('audit-verify', env);
  return { code, stdout };
}

const serverUrl = process.env.TEST_DATABASE_URL;
const stores: [string, () => Promise<{ env: Record<string, string>; dispose(): Promise<void> }>][] = [
  [
    'embedded (DATA_DIR)',
    async () => {
      const dataDir = await seededDataDir();
      return { env: { DATA_DIR: dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  ],
  ...(serverUrl
    ? [
        [
          'PostgreSQL server (DATABASE_URL)',
          async () => {
            const { connectionString, dispose } = await testDatabaseTargets()[1]!.create();
            return { env: { DATABASE_URL: connectionString! }, dispose };
          },
        ] as (typeof stores)[number],
      ]
    : []),
];

describe.each(stores)('npm run audit:verify on the %s store', (_name, create) => {
  let env: Record<string, string>;
  let dispose: () => Promise<void> = async () => undefined;
  let approved: string;

  beforeAll(async () => {
    ({ env, dispose } = await create());
  });
  afterAll(() => dispose());

  it('prints the verdict and exits 0 on an intact chain', async () => {
    const storage = await openStorage(storageConfigSchema.parse(env), 'audit-chain-test');
    // As the server and the worker do before the writer starts.
    await migrateReadModels(storage.db);
    const writer = new AuditChainWriter(storage.db, storage.store, { retryMs: 50 });
    writer.start();
    ({ approved } = await decidedConfession(storage.store, 'first'));
    await linked(storage.store, 2);
    await writer.stop();
    const head = await readChainHead(storage.store);
    await storage.close();
    expect(await runVerify(env)).toEqual({ code: 0, stdout: `chain intact: 2 links, head ${head.hash}\n` });
  });

  it('exits 1 naming the first broken link', async () => {
    const storage = await openStorage(storageConfigSchema.parse(env), 'audit-chain-test');
    await tamperWithStoredEvents(
      storage.db,
      `UPDATE event_store.events SET metadata = jsonb_set(metadata, '{collegeCode}', '"C002"') WHERE event_id = $1`,
      [approved],
    );
    await storage.close();
    const broken = await runVerify(env);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(`chain broken at link 1 (event ${approved}, position `);
  });
});
