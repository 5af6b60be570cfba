import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Database, SqlExecutor } from '@secretchatbox/database';
import {
  PostgresDatabase,
  reportSkippedServerSuites,
  testDatabaseTargets,
  until,
} from '@secretchatbox/database/testing';
import { comparePositions, type Position, PostgresEventStore } from '@secretchatbox/event-store';
import {
  allProjections,
  measureLag,
  migrateReadModels,
  type Projection,
  ProjectionProgress,
  ProjectionRunner,
  ProjectionTimeoutError,
  rebuildReadModels,
} from '../src/index.js';
import { deferSecondaryIndexes } from '../src/read-models/deferred-indexes.js';
import { readModelComponent } from '../src/read-models/migrations.js';
import { leaseKey } from '../src/runner/projection-runner.js';

reportSkippedServerSuites('the projection runner tests');

const system = { actor: { kind: 'system' }, occurredAt: '2026-01-01T00:00:00.000Z' };

/** Counts every event it sees by type, so applying anything twice shows. */
const countingProjection: Projection = {
  name: 'test-counts',
  handles: ['CollegeRegistered', 'VisitorSessionStarted'],
  async apply(event, tx) {
    await tx.query(
      `INSERT INTO public.test_counts (type, n) VALUES ($1, 1) ON CONFLICT (type) DO UPDATE SET n = test_counts.n + 1`,
      [event.type],
    );
  },
};

/** Counts one event type under its own key, as a projection of its own. */
function counter(name: string, type: 'CollegeRegistered' | 'VisitorSessionStarted', key: string): Projection {
  return {
    name,
    handles: [type],
    async apply(_event, tx) {
      await tx.query(
        `INSERT INTO public.test_counts (type, n) VALUES ($1, 1) ON CONFLICT (type) DO UPDATE SET n = test_counts.n + 1`,
        [key],
      );
    },
  };
}

function failingOnce(projection: Projection, failAt: number): Projection {
  let seen = 0;
  return {
    ...projection,
    async apply(event, tx) {
      seen += 1;
      if (seen === failAt) throw new Error('handler failed mid-batch');
      await projection.apply(event, tx);
    },
  };
}

async function dumpReadModels(db: SqlExecutor) {
  const tables = ['colleges', 'chat_rooms', 'visitor_sessions'];
  return Promise.all(
    tables.map(async (table) => (await db.query(`SELECT * FROM read_model.${table} ORDER BY 1`)).rows),
  );
}

for (const target of testDatabaseTargets()) {
  describe(`projection runner on ${target.name}`, () => {
    let db: Database;
    let store: PostgresEventStore;
    let dispose: () => Promise<void>;
    let connectionString: string | undefined;
    const runners: ProjectionRunner[] = [];
    const runner = (projection: Projection | Projection[], database = db) => {
      const created = new ProjectionRunner(database, store, projection, {
        batchSize: 50,
        failureRetryMs: 20,
        standbyRetryMs: 20,
      });
      runners.push(created);
      created.start();
      return created;
    };

    beforeEach(async () => {
      ({ db, dispose, connectionString } = await target.create());
      store = await PostgresEventStore.open(db);
      await migrateReadModels(db);
      await db.exec('CREATE TABLE public.test_counts (type text PRIMARY KEY, n integer NOT NULL)');
    });
    afterEach(async () => {
      await Promise.all(runners.splice(0).map((r) => r.stop()));
      await store.close();
      await dispose();
    });

    async function appendSampleEvents(count: number) {
      for (let i = 0; i < count; i++) {
        const code = `T${String(i).padStart(4, '0')}`;
        await store.appendToStream(`college-${code}`, [
          {
            type: 'CollegeRegistered',
            data: { collegeId: randomUUID(), code, name: `College ${i}` },
            metadata: system,
          },
          {
            type: 'ChatRoomOpened',
            data: { roomId: randomUUID(), collegeCode: code, name: 'General Chat', sortOrder: 0 },
            metadata: system,
          },
        ]);
        await store.appendToStream(`visitorSession-${i}`, [
          { type: 'VisitorSessionStarted', data: { sessionId: `s${i}` }, metadata: system },
        ]);
      }
    }

    const counts = async () =>
      Object.fromEntries(
        (await db.query<{ type: string; n: number }>('SELECT type, n FROM public.test_counts')).rows.map((r) => [
          r.type,
          Number(r.n),
        ]),
      );

    it('survives a handler failing mid-batch: after a restart nothing is lost or applied twice', async () => {
      await appendSampleEvents(120);
      const crashing = runner(failingOnce(countingProjection, 75));
      await until(async () => (await counts()).VisitorSessionStarted !== undefined);
      await crashing.stop();

      runner(countingProjection);
      await until(async () => (await counts()).VisitorSessionStarted === 120);
      expect(await counts()).toEqual({ CollegeRegistered: 120, VisitorSessionStarted: 120 });
    });

    it('feeds several projections in one transaction per batch, each from its own checkpoint', async () => {
      await appendSampleEvents(120);
      const colleges = counter('test-colleges', 'CollegeRegistered', 'colleges');
      const sessions = counter('test-sessions', 'VisitorSessionStarted', 'sessions');
      // A failure in one projection undoes the whole batch, the other projection's writes included.
      const crashing = runner([colleges, failingOnce(sessions, 75)]);
      await until(async () => (await counts()).sessions !== undefined);
      await crashing.stop();
      runner([colleges, sessions]);
      await until(async () => (await counts()).sessions === 120);
      expect(await counts()).toEqual({ colleges: 120, sessions: 120 });
      await Promise.all(runners.splice(0).map((r) => r.stop()));

      // A projection added later starts from the first event; the others go on from theirs, and
      // their checkpoints never move back to where it is, even when it fails part way.
      const late = counter('test-late', 'CollegeRegistered', 'late');
      runner([colleges, sessions, failingOnce(late, 60)]);
      await until(async () => (await counts()).late === 120);
      await appendSampleEvents(1);
      // The sample is two appends: wait for the second, then check both, exactly.
      await until(async () => (await counts()).sessions === 121);
      expect(await counts()).toEqual({ colleges: 121, sessions: 121, late: 121 });
    });

    it('builds the same read models live, after a failure, as a clean rebuild does', async () => {
      await appendSampleEvents(60);
      const live = allProjections.map((p) => runner(p.name === 'colleges' ? failingOnce(p, 70) : p));
      const progress = new ProjectionProgress(db, allProjections, 10);
      await progress.start(live);
      const last = await store.appendToStream('visitorSession-last', [
        { type: 'VisitorSessionStarted', data: { sessionId: 'last' }, metadata: system },
      ]);
      const head = await store.appendToStream('college-LAST', [
        { type: 'CollegeRegistered', data: { collegeId: randomUUID(), code: 'LAST', name: 'Last' }, metadata: system },
      ]);
      await progress.waitFor(last.position, ['VisitorSessionStarted'], 20000);
      await progress.waitFor(head.position, ['CollegeRegistered'], 20000);
      // Every projection, those that handle neither event among them, moves past the head.
      await progress.waitForEvery(head.position, 20000);
      await progress.stop();
      const liveModels = await dumpReadModels(db);
      expect(liveModels[0]).toHaveLength(61);
      expect(liveModels[2]).toHaveLength(61);

      await Promise.all(runners.splice(0).map((r) => r.stop()));
      const result = await rebuildReadModels(db, store, allProjections);
      expect(result.events).toBe((await store.countEvents())!);
      expect(await dumpReadModels(db)).toEqual(liveModels);
    });

    it('commits a rebuild page by page in order, and nothing after a page that failed', async () => {
      await appendSampleEvents(20);
      const log = await store.readAll();
      expect(log).toHaveLength(60);
      // Pages of 10 events, two of them counted each per college: the 25th counted event is on the fourth page.
      await expect(rebuildReadModels(db, store, [failingOnce(countingProjection, 25)], undefined, 10)).rejects.toThrow(
        'handler failed mid-batch',
      );
      expect(await counts()).toEqual({ CollegeRegistered: 10, VisitorSessionStarted: 10 });
      const { rows } = await db.query<{ commit: string; prepare: string }>(
        `SELECT commit_position::text AS commit, prepare_position::text AS prepare
           FROM read_model.projection_checkpoints WHERE name = $1`,
        [countingProjection.name],
      );
      const lastCommitted = log[29]!.position;
      expect(rows).toEqual([{ commit: String(lastCommitted.commit), prepare: String(lastCommitted.prepare) }]);
    });

    it('drops the read models and forgets their migrations together or not at all', async () => {
      const readModels = async () => ({
        tables: (await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'read_model' ORDER BY 1`)).rows,
        migrations: (
          await db.query(`SELECT version FROM public.schema_migrations WHERE component = $1 ORDER BY 1`, [
            readModelComponent,
          ])
        ).rows,
      });
      const before = await readModels();
      expect(before.tables).not.toEqual([]);
      expect(before.migrations).not.toEqual([]);
      // The forgetting fails, as it does when the rebuild is stopped between the two.
      await db.exec(`
        CREATE FUNCTION public.refuse_forgetting() RETURNS trigger LANGUAGE plpgsql
          AS $$ BEGIN RAISE EXCEPTION 'migrations may not be forgotten'; END $$;
        CREATE TRIGGER refuse_forgetting BEFORE DELETE ON public.schema_migrations
          FOR EACH ROW EXECUTE FUNCTION public.refuse_forgetting()`);
      await expect(rebuildReadModels(db, store, allProjections)).rejects.toThrow('migrations may not be forgotten');
      expect(await readModels()).toEqual(before);
    });

    it('builds the secondary indexes it deferred, and after a rebuild cut short, at the next start', async () => {
      const indexes = async () =>
        (
          await db.query<{ name: string }>(
            `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'read_model' ORDER BY 1`,
          )
        ).rows.map((row) => row.name);
      const before = await indexes();
      expect(before).toContain('confessions_search');
      await rebuildReadModels(db, store, allProjections);
      expect(await indexes()).toEqual(before);
      // As if a rebuild had stopped while it replayed the log: its indexes are gone, their definitions kept.
      await deferSecondaryIndexes(db);
      expect(await indexes()).not.toContain('confessions_search');
      await migrateReadModels(db);
      expect(await indexes()).toEqual(before);
      expect((await db.query('SELECT * FROM read_model.deferred_indexes')).rows).toEqual([]);
    });

    it('leaves no room in the tables whose rows it updated: a second rewrite makes them no smaller', async () => {
      const visitor = {
        actor: { kind: 'visitor', sessionId: 'writer' },
        collegeCode: 'C001',
        occurredAt: system.occurredAt,
      };
      const moderator = { ...system, collegeCode: 'C001' };
      for (let i = 0; i < 300; i++) {
        const confessionId = randomUUID();
        await store.appendToStream(`confession-${confessionId}`, [
          {
            type: 'ConfessionSubmitted',
            data: {
              confessionId,
              collegeCode: 'C001',
              category: 'funny',
              content: 'A confession. '.repeat(8),
              nickname: null,
            },
            metadata: visitor,
          },
          { type: 'ConfessionApproved', data: { confessionId }, metadata: moderator },
        ]);
      }
      await rebuildReadModels(db, store, allProjections);
      const size = async () =>
        Number(
          (await db.query<{ size: string }>(`SELECT pg_relation_size('read_model.confessions')::text AS size`)).rows[0]!
            .size,
        );
      const rebuilt = await size();
      await db.exec('VACUUM FULL read_model.confessions');
      expect(rebuilt).toBe(await size());
    });

    it('moves its checkpoint past events it does not handle, soon after', async () => {
      const onlyColleges: Projection = { ...countingProjection, handles: ['CollegeRegistered'] };
      const active = runner(onlyColleges);
      const heard: Position[] = [];
      active.onProgress((position) => heard.push(position));
      for (let i = 0; i < 20; i++) {
        await store.appendToStream(`visitorSession-quiet-${i}`, [
          { type: 'VisitorSessionStarted', data: { sessionId: `quiet-${i}` }, metadata: system },
        ]);
      }
      const head = (await store.headPosition())!;
      // This process hears of the progress as it happens; the checkpoint follows within its delay.
      await until(async () => heard.some((position) => comparePositions(position, head) >= 0));
      await until(async () => (await measureLag(db, store, [onlyColleges], new Date()))[0]!.lagMs === 0, 2000);
      expect(await counts()).toEqual({});
    });

    it('answers a wait with a timeout when no runner applies the events', async () => {
      const progress = new ProjectionProgress(db, allProjections, 10);
      await progress.start([]);
      const appended = await store.appendToStream('visitorSession-x', [
        { type: 'VisitorSessionStarted', data: { sessionId: 'x' }, metadata: system },
      ]);
      await expect(progress.waitFor(appended.position, ['VisitorSessionStarted'], 100)).rejects.toBeInstanceOf(
        ProjectionTimeoutError,
      );
      await expect(progress.waitForEvery(appended.position, 100)).rejects.toBeInstanceOf(ProjectionTimeoutError);
      await progress.stop();
    });

    it('stops when told to as it takes the lease, before it follows the log', async () => {
      const stopping = runner(countingProjection);
      await stopping.stop();
      expect(stopping.isActive).toBe(false);
      const lease = await db.tryLease([leaseKey(countingProjection.name)]);
      expect(lease).not.toBeNull();
      await lease?.release();
    });

    if (target.name !== 'PGlite') {
      it('runs each projection in one process at a time; a standby takes over', async () => {
        // A second pool on the same database stands in for a second process.
        const otherDb = new PostgresDatabase({ connectionString: connectionString! });
        const first = runner(countingProjection);
        const second = runner(countingProjection, otherDb);
        await until(async () => first.isActive || second.isActive);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect([first.isActive, second.isActive].filter(Boolean)).toHaveLength(1);
        const [active, standby] = first.isActive ? [first, second] : [second, first];
        await appendSampleEvents(10);
        await until(async () => (await counts()).VisitorSessionStarted === 10);
        await active.stop();
        await until(async () => standby.isActive);
        await appendSampleEvents(5);
        await until(async () => (await counts()).VisitorSessionStarted === 15);
        expect(await counts()).toEqual({ CollegeRegistered: 15, VisitorSessionStarted: 15 });
        await standby.stop();
        await otherDb.close();
      });
    }
  });
}
