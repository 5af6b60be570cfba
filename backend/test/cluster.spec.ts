import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages, rateLimits, socketEvents, type ChatMessage } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { postgresTarget } from '@secretchatbox/database/testing';
import { allProjections, openStorage, rebuildReadModels, storageConfigSchema } from '@secretchatbox/projections';
import { io } from 'socket.io-client';
import type { Member } from '../../scripts/cluster/members.js';
import { leases, readMetric, runsProjections } from '../../scripts/cluster/metrics.js';
import { type Cluster, startCluster } from '../../scripts/cluster/topology.js';
import { demoColleges } from '../src/features/colleges/demo-colleges.js';
import { freshKeyPrefix, reportSkippedRedisSuites, testRedisUrl } from './support/redis.js';
import { type Answer, call } from './support/process-calls.js';
import { type ChatSocket, join, pause } from './support/sockets.js';
import { compiledSource } from '../../scripts/test/compiled-sources.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const chief = { username: 'cluster-chief', password: 'cluster chief password' };

reportSkippedRedisSuites('the cluster test (two API instances, two projections workers)');
if (!serverUrl) console.warn('[skipped] the cluster test: TEST_DATABASE_URL is not set.');

(testRedisUrl && serverUrl ? describe : describe.skip)(
  'the cluster: two API instances, two projections workers',
  () => {
    let cluster: Cluster;
    let databaseUrl = '';
    let dispose: () => Promise<void> = async () => undefined;
    let general = '';
    let networks = 0;
    const sockets: ChatSocket[] = [];
    const output: string[] = [];
    const api = (index: number) => cluster.apis[index]!;
    const visitor = async (baseUrl: string) => {
      networks += 1;
      const { status, body } = await call(baseUrl, 'POST', '/api/session', {
        network: `10.20.${networks >> 8}.${networks & 255}`,
      });
      if (status !== 201) throw new Error(`A session could not be started: ${status} ${JSON.stringify(body)}`);
      return body.sessionToken as string;
    };
    const post = (baseUrl: string, token: string, content: string) =>
      call(baseUrl, 'POST', `/api/chat/rooms/${general}/messages`, { token, body: { content } });
    /**
     * Starts a stopped instance again, and waits until nginx sends it requests again. nginx keeps an
     * instance it saw refuse out of the rotation until a request after deploy/nginx.conf's
     * fail_timeout succeeds there; a WebSocket taken as that request holds it out as long as it is open.
     */
    const restartApi = async (member: Member) => {
      member.start();
      await member.waitForHealth('/health/ready');
      const readinessAnswers = async () =>
        (await readMetric(member.baseUrl, 'scb_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/health/ready',
          status_code: '200',
        })) ?? 0;
      const before = await readinessAnswers();
      const deadline = Date.now() + 15_000;
      while ((await readinessAnswers()) === before) {
        if (Date.now() > deadline) throw new Error(`nginx sent ${member.name} nothing within 15 s of its restart`);
        await fetch(`${cluster.entryUrl}/health/ready`);
        await pause(200);
      }
    };
    /** A socket through the entry point that reconnects by itself, as the app's does. */
    const reconnectingSocket = async (token: string): Promise<ChatSocket> => {
      const socket: ChatSocket = io(cluster.entryUrl, {
        transports: ['websocket'],
        auth: { token },
        forceNew: true,
        reconnectionDelay: 100,
        reconnectionDelayMax: 500,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    };

    beforeAll(async () => {
      const database = await postgresTarget(serverUrl!).create();
      dispose = database.dispose;
      databaseUrl = database.connectionString!;
      cluster = await startCluster({
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          REDIS_URL: testRedisUrl!,
          REDIS_KEY_PREFIX: freshKeyPrefix(),
          LOG_LEVEL: 'warn',
          CHIEF_USERNAME: chief.username,
          CHIEF_PASSWORD: chief.password,
        },
        commands: {
          api: [process.execPath, compiledSource('backend/src/main.ts')],
          worker: [process.execPath, compiledSource('projections/src/cli/worker.ts')],
        },
        onOutput: (name, line) => output.push(`[${name}] ${line}`),
      });
      await Promise.all(cluster.apis.map((member) => member.waitForHealth('/health/ready')));
      general = (await call(cluster.entryUrl, 'GET', '/api/chat/rooms?collegeCode=C001')).body[0].id;
    }, 180_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await cluster?.stop();
      await dispose();
    }, 60_000);

    it('migrates and seeds once, though every process started at the same moment', async () => {
      const storage = await openStorage(
        storageConfigSchema.parse({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 2 }),
        'test',
      );
      try {
        const { rows } = await storage.db.query<{ type: string; count: string }>(
          `SELECT type, count(*) AS count FROM event_store.events
         WHERE type IN ('CollegeRegistered', 'ChatRoomOpened', 'AdminAccountCreated') GROUP BY type`,
        );
        const counts = Object.fromEntries(rows.map((row) => [row.type, Number(row.count)]));
        expect(counts).toEqual({
          CollegeRegistered: demoColleges.length,
          ChatRoomOpened: demoColleges.reduce((rooms, college) => rooms + college.rooms.length, 0),
          AdminAccountCreated: 1,
        });
      } finally {
        await storage.close();
      }
      expect(output.filter((line) => /error/i.test(line))).toEqual([]);
    });

    it('reads a write through the other instance as soon as its answer arrives, when the read names it', async () => {
      const [first, second] = [api(0).baseUrl, api(1).baseUrl];
      for (let round = 0; round < 10; round++) {
        const [writer, reader] = round % 2 === 0 ? [first, second] : [second, first];
        const token = await visitor(writer);
        expect((await call(reader, 'GET', '/api/session', { token })).status).toBe(200);
        // The reader's cache holds the page before the write: its answer after must not come from it.
        expect((await call(reader, 'GET', `/api/chat/rooms/${general}/messages`)).status).toBe(200);
        const posted = await post(writer, token, `read elsewhere ${round}`);
        expect(posted.status).toBe(201);
        const readAfter = posted.writePosition;
        expect(readAfter).toMatch(/^\d+\/\d+$/);
        const history = await call(reader, 'GET', `/api/chat/rooms/${general}/messages`, { readAfter });
        expect(history.body.items.map((message: ChatMessage) => message.id)).toContain(posted.body.id);
      }
      const login = await call(first, 'POST', '/api/auth/login', { body: chief, network: '10.21.0.1' });
      const token = await visitor(second);
      const submitted = await call(second, 'POST', '/api/confessions', {
        token,
        body: {
          content: 'A confession read back through the other instance',
          category: 'secrets',
          collegeCode: 'C001',
        },
      });
      expect(submitted.status).toBe(201);
      expect((await call(second, 'GET', '/api/confessions?collegeCode=C001')).status).toBe(200);
      const approved = await call(first, 'PUT', `/api/confessions/${submitted.body.id}/approve`, {
        token: login.body.sessionToken,
      });
      expect(approved.status).toBe(200);
      const readAfter = approved.writePosition;
      const feed = await call(second, 'GET', '/api/confessions?collegeCode=C001', { readAfter });
      expect(feed.body.items.map((item: { id: string }) => item.id)).toContain(submitted.body.id);
    });

    it('answers anonymous feed reads at the entry point for up to two seconds, never a read with a session or a named write', async () => {
      const feed = '/api/confessions?collegeCode=C002';
      const anonymousRead = () => call(cluster.entryUrl, 'GET', feed);
      const cacheStatus = (answer: Answer) => answer.headers.get('x-cache-status');
      const ids = (answer: Answer) => answer.body.items.map((item: { id: string }) => item.id);
      const stored = await anonymousRead();
      const again = await anonymousRead();
      expect([cacheStatus(stored), cacheStatus(again)]).toEqual(['MISS', 'HIT']);
      expect(again.body).toEqual(stored.body);
      // Each answer names its own request, a cached one too.
      expect(again.headers.get('x-request-id')).not.toBe(stored.headers.get('x-request-id'));

      const login = await call(api(0).baseUrl, 'POST', '/api/auth/login', { body: chief, network: '10.21.0.2' });
      const token = await visitor(api(1).baseUrl);
      const submitted = await call(api(1).baseUrl, 'POST', '/api/confessions', {
        token,
        body: { content: 'A confession the entry point has not seen yet', category: 'secrets', collegeCode: 'C002' },
      });
      const approved = await call(api(0).baseUrl, 'PUT', `/api/confessions/${submitted.body.id}/approve`, {
        token: login.body.sessionToken,
      });
      expect(approved.status).toBe(200);
      const approvedAt = Date.now();
      const liked = await call(api(1).baseUrl, 'POST', `/api/confessions/${submitted.body.id}/like`, { token });
      expect(liked.status).toBe(200);

      const named = await call(cluster.entryUrl, 'GET', feed, { readAfter: approved.writePosition });
      const withSession = await call(cluster.entryUrl, 'GET', feed, { token, readAfter: liked.writePosition });
      expect([cacheStatus(named), cacheStatus(withSession)]).toEqual(['BYPASS', 'BYPASS']);
      expect(ids(named)).toContain(submitted.body.id);
      expect(withSession.body.items.find((item: { id: string }) => item.id === submitted.body.id)?.liked).toBe(true);

      // Neither of those answers was stored: anonymous readers get theirs, with nobody's likes.
      let fresh = await anonymousRead();
      while (!ids(fresh).includes(submitted.body.id)) {
        expect(Date.now() - approvedAt).toBeLessThan(3000);
        await pause(100);
        fresh = await anonymousRead();
      }
      expect(fresh.body.items.filter((item: { liked: boolean }) => item.liked)).toEqual([]);
    });

    it('holds every limit across instances: per-network writes, failed sign-ins, the chat burst', async () => {
      const onBoth = (n: number) => api(n % 2).baseUrl;
      const network = '10.22.0.1';
      const starts = await Promise.all(
        Array.from({ length: rateLimits.sessionCreation.limit + 4 }, (_, n) =>
          call(onBoth(n), 'POST', '/api/session', { network }),
        ),
      );
      const statuses = starts.map((start) => start.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(rateLimits.sessionCreation.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);

      const wrong = { username: chief.username, password: 'not the password' };
      const perUsername = rateLimits.failedLoginsPerUsernameAndNetwork.limit;
      for (let n = 0; n < perUsername; n++) {
        expect((await call(onBoth(n), 'POST', '/api/auth/login', { body: wrong, network: '10.22.0.2' })).status).toBe(
          401,
        );
      }
      for (const instance of [api(0), api(1)]) {
        const locked = await call(instance.baseUrl, 'POST', '/api/auth/login', { body: chief, network: '10.22.0.2' });
        expect(locked).toMatchObject({ status: 429, body: { message: messages.tooManyFailedLogins } });
      }
      const perNetwork = rateLimits.failedLoginsPerNetwork.limit;
      for (let n = 0; n < perNetwork; n++) {
        const guess = { username: `nobody-${n}`, password: 'not the password' };
        expect((await call(onBoth(n), 'POST', '/api/auth/login', { body: guess, network: '10.22.0.3' })).status).toBe(
          401,
        );
      }
      const afterGuesses = await call(api(1).baseUrl, 'POST', '/api/auth/login', { body: chief, network: '10.22.0.3' });
      expect(afterGuesses.status).toBe(429);

      const token = await visitor(api(0).baseUrl);
      const posts = await Promise.all(Array.from({ length: 16 }, (_, n) => post(onBoth(n), token, `burst ${n}`)));
      expect(posts.filter((answer) => answer.status === 201)).toHaveLength(10);
      expect(posts.filter((answer) => answer.status === 429)).toHaveLength(6);
    });

    it('drains on SIGTERM: requests in flight complete, sockets reconnect elsewhere, the exit comes within 10 s', async () => {
      const draining = api(0);
      const onEntry = await Promise.all(
        [1, 2, 3, 4].map(async () => reconnectingSocket(await visitor(cluster.entryUrl))),
      );
      const reconnections = onEntry.map(
        (socket) => new Promise<void>((resolve) => socket.once('disconnect', () => socket.once('connect', resolve))),
      );
      const writers = await Promise.all([1, 2, 3].map(() => visitor(draining.baseUrl)));
      const inFlight = writers.flatMap((token, n) =>
        Array.from({ length: 8 }, (_, m) =>
          post(draining.baseUrl, token, `in flight ${n}.${m}`).catch((error: Error) => error),
        ),
      );
      await pause(5);
      const stopped = draining.stop('SIGTERM');
      const answers = await Promise.all(inFlight);
      expect(answers.map((answer) => (answer instanceof Error ? answer.message : answer.status))).toEqual(
        answers.map(() => 201),
      );
      expect(await stopped).toBeLessThan(10_000);
      expect(draining.child!.exitCode).toBe(0);
      const readiness = await fetch(`${draining.baseUrl}/health/ready`).then(
        (answer) => answer.status,
        () => 'refused',
      );
      expect(readiness).toBe('refused');
      // least_conn spread the four sockets over both instances: those of the stopped one came back.
      const settled = await Promise.race([Promise.any(reconnections), pause(10_000).then(() => 'none')]);
      expect(settled).not.toBe('none');
      for (const socket of onEntry) socket.disconnect();
      await restartApi(draining);
    }, 60_000);

    it('keeps serving when an instance is killed; its sockets reconnect and catch up from the history', async () => {
      const tokens = await Promise.all([1, 2, 3, 4].map(() => visitor(cluster.entryUrl)));
      const onEntry = await Promise.all(tokens.map(reconnectingSocket));
      // The instance that holds the most of these sockets, by its own count.
      const socketsOn = await Promise.all(
        cluster.apis.map((member) => readMetric(member.baseUrl, 'scb_socket_connections')),
      );
      const killed = api(socketsOn[1]! >= socketsOn[0]! ? 1 : 0);
      const heard = onEntry.map(() => new Set<string>());
      const dropped = onEntry.map(() => false);
      onEntry.forEach((socket, n) => {
        socket.on(socketEvents.receiveMessage, (message) => heard[n]!.add(message.id));
        socket.on('disconnect', () => (dropped[n] = true));
        // What the app does at every connection: join the room, then read the history.
        socket.on('connect', () => {
          void join(socket, general).then(async () => {
            const history = await call(cluster.entryUrl, 'GET', `/api/chat/rooms/${general}/messages`);
            for (const message of history.body.items as ChatMessage[]) heard[n]!.add(message.id);
          });
        });
        void join(socket, general);
      });
      await pause(200);
      killed.child!.kill('SIGKILL');
      await killed.exited;
      const writer = await visitor(cluster.entryUrl);
      const posted: string[] = [];
      for (let n = 0; n < 6; n++) {
        const answer = await post(cluster.entryUrl, writer, `while one was down ${n}`);
        expect(answer.status).toBe(201);
        posted.push(answer.body.id);
      }
      expect(dropped.some(Boolean)).toBe(true);
      const deadline = Date.now() + 15_000;
      const caughtUp = () => heard.every((ids) => posted.every((id) => ids.has(id)));
      while (!caughtUp() && Date.now() < deadline) await pause(100);
      expect(heard.map((ids) => posted.filter((id) => !ids.has(id)))).toEqual(onEntry.map(() => []));
      await restartApi(killed);
    }, 60_000);

    it('hands the projections to the standby within 5 s of a kill -9, and applies every write once', async () => {
      const running = await Promise.all(cluster.workers.map((worker) => runsProjections(worker.baseUrl)));
      expect(running.filter(Boolean)).toHaveLength(1);
      const active = cluster.workers[running.indexOf(true)]!;
      const standby = cluster.workers[running.indexOf(false)]!;
      const writers = await Promise.all([1, 2, 3].map(() => visitor(cluster.entryUrl)));
      const writes = writers.flatMap((token, n) =>
        Array.from({ length: 5 }, async (_, m) => {
          await pause(m * 300);
          return call(cluster.entryUrl, 'POST', '/api/confessions', {
            token,
            body: { content: `Sent during the takeover ${n}.${m}`, category: 'advice', collegeCode: 'C002' },
          });
        }),
      );
      const killedAt = Date.now();
      active.child!.kill('SIGKILL');
      // Every lease: each projection's, and the audit chain writer's if the killed worker had it.
      const holdsEveryLease = async () => {
        const held = [...(await leases(standby.baseUrl)).values()];
        return held.length > 0 && held.every(Boolean);
      };
      while (!(await holdsEveryLease()) && Date.now() - killedAt < 20_000) await pause(50);
      expect(Date.now() - killedAt).toBeLessThan(5_000);
      const answers = await Promise.all(writes);
      const refused = answers.filter((answer) => answer.status !== 201 && answer.status !== 202);
      expect(refused.map(({ status, body }) => ({ status, body }))).toEqual([]);
      const ids = answers.map((answer) => answer.body.id as string);
      const storage = await openStorage(
        storageConfigSchema.parse({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 2 }),
        'test',
      );
      try {
        const deadline = Date.now() + 10_000;
        let applied = 0;
        while (applied !== ids.length && Date.now() < deadline) {
          const { rows } = await storage.db.query<{ count: string }>(
            'SELECT count(*) AS count FROM read_model.confessions WHERE id = ANY($1::uuid[])',
            [ids],
          );
          applied = Number(rows[0]!.count);
          if (applied !== ids.length) await pause(100);
        }
        expect(applied).toBe(ids.length);
      } finally {
        await storage.close();
      }
      active.start();
      await active.waitForHealth('/health');
    }, 60_000);

    // Last: it stops the cluster.
    it('holds the same read models as a rebuild of the whole log', async () => {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await cluster.stop();
      const storage = await openStorage(
        storageConfigSchema.parse({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 4 }),
        'test',
      );
      try {
        const live = await readModelContents(storage.db);
        await rebuildReadModels(storage.db, storage.store, allProjections);
        expect(await readModelContents(storage.db)).toEqual(live);
      } finally {
        await storage.close();
      }
    }, 60_000);
  },
);

/**
 * Every read model's rows, but those the rebuild writes otherwise by design: the checkpoints (their
 * times), the deferred indexes' bookkeeping, and the audit chain's links, which its writer extends
 * and the rebuild does not.
 */
async function readModelContents(db: Database): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'read_model'
     AND table_name NOT IN ('projection_checkpoints', 'deferred_indexes', 'audit_links') ORDER BY table_name`,
  );
  const contents: Record<string, unknown> = {};
  for (const { table_name: table } of rows) {
    const result = await db.query<{ rows: unknown }>(
      `SELECT coalesce(jsonb_agg(t ORDER BY t::text), '[]') AS rows FROM read_model.${table} t`,
    );
    contents[table] = result.rows[0]!.rows;
  }
  return contents;
}
