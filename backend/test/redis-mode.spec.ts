import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { socketEvents } from '@secretchatbox/contracts';
import { postgresTarget, until } from '@secretchatbox/database/testing';
import { type Member, newApiInstance } from '../../scripts/cluster/members.js';
import { call } from './support/process-calls.js';
import { collect, join, next, pause, socketPool } from './support/sockets.js';
import { freshKeyPrefix, reportSkippedRedisSuites, testRedisUrl } from './support/redis.js';
import { compiledSource } from '../../scripts/test/compiled-sources.js';

const main = compiledSource('backend/src/main.ts');
const serverUrl = process.env.TEST_DATABASE_URL;

reportSkippedRedisSuites('the two-instance Redis mode test');
if (!serverUrl) console.warn('[skipped] the two-instance Redis mode test: TEST_DATABASE_URL is not set.');

/** `npm start` from the sources, as one of several instances of a deployment. */
async function startInstance(env: Record<string, string>): Promise<Member> {
  const instance = (
    await newApiInstance({
      name: 'api',
      command: [process.execPath, main],
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      onOutput: (_name, line) => process.stderr.write(`${line}\n`),
    })
  ).start();
  await instance.waitForHealth('/health', 60_000);
  return instance;
}

(testRedisUrl && serverUrl ? describe : describe.skip)('two instances on one PostgreSQL server and Redis', () => {
  let instances: Member[] = [];
  let dispose: () => Promise<void> = async () => undefined;
  let general = '';
  const sockets = socketPool();
  let networks = 0;
  let env: Record<string, string> = {};
  const visitor = async (instance: Member) => {
    networks += 1;
    return (await call(instance.baseUrl, 'POST', '/api/session', { network: `10.2.0.${networks}` })).body
      .sessionToken as string;
  };

  beforeAll(async () => {
    const database = await postgresTarget(serverUrl!).create();
    dispose = database.dispose;
    env = {
      DATABASE_URL: database.connectionString!,
      REDIS_URL: testRedisUrl!,
      REDIS_KEY_PREFIX: freshKeyPrefix(),
    };
    // One after the other: the first migrates and seeds; the second finds it done.
    instances = [await startInstance(env), await startInstance(env)];
    general = (await call(instances[0]!.baseUrl, 'GET', '/api/chat/rooms?collegeCode=C001')).body[0].id;
  }, 150_000);
  afterAll(async () => {
    sockets.closeAll();
    for (const instance of instances) await instance.stop();
    await dispose();
  }, 60_000);

  it('pushes a message posted through one instance to a socket on the other', async () => {
    const [first, second] = instances as [Member, Member];
    const socket = await sockets.connect(second.baseUrl, await visitor(second));
    await join(socket, general);
    const received = next(socket, socketEvents.receiveMessage);
    const { status, body: message } = await call(first.baseUrl, 'POST', `/api/chat/rooms/${general}/messages`, {
      token: await visitor(first),
      body: { content: 'from the other instance' },
    });
    expect(status).toBe(201);
    expect(await received).toEqual(message);
  });

  it('counts the visitors of both instances, a visitor on both once', async () => {
    const [first, second] = instances as [Member, Member];
    const room = (await call(first.baseUrl, 'GET', '/api/chat/rooms?collegeCode=C002')).body[0].id;
    const alice = await visitor(first);
    const onSecond = await sockets.connect(second.baseUrl, alice);
    const one = next(onSecond, socketEvents.updateOnlineCount);
    await join(onSecond, room);
    expect(await one).toBe(1);

    const bob = await sockets.connect(first.baseUrl, await visitor(first));
    const two = next(onSecond, socketEvents.updateOnlineCount);
    await join(bob, room);
    expect(await two).toBe(2);

    const aliceOnFirst = await sockets.connect(first.baseUrl, alice);
    const stillTwo = next(onSecond, socketEvents.updateOnlineCount);
    await join(aliceOnFirst, room);
    expect(await stillTwo).toBe(2);

    const backToOne = next(onSecond, socketEvents.updateOnlineCount);
    bob.disconnect();
    expect(await backToOne).toBe(1);
  });

  // Last: it stops the first instance.
  it('pairs visitors on two instances, and tells a partner when the other instance is killed', async () => {
    const [first, second] = instances as [Member, Member];
    const alice = await sockets.connect(first.baseUrl, await visitor(first));
    const bob = await sockets.connect(second.baseUrl, await visitor(second));
    expect(await alice.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode: 'C001' })).toEqual({
      status: 'waiting',
    });
    const matched = [next(alice, socketEvents.pairMatched), next(bob, socketEvents.pairMatched)];
    expect(await bob.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode: 'C001' })).toEqual({
      status: 'matched',
    });
    const [toAlice, toBob] = await Promise.all(matched);
    expect(toAlice!.pairId).toBe(toBob!.pairId);
    const heard = [next(alice, socketEvents.pairMessage), next(bob, socketEvents.pairMessage)];
    expect(await alice.timeout(5000).emitWithAck(socketEvents.pairSend, { content: 'across instances' })).toEqual({
      ok: true,
    });
    for (const message of await Promise.all(heard)) expect(message.content).toBe('across instances');
    const skipped = next(alice, socketEvents.pairEnded);
    expect(await bob.timeout(5000).emitWithAck(socketEvents.pairSkip)).toEqual({ ok: true });
    expect(await skipped).toEqual({ reason: 'skipped' });

    const third = await startInstance(env);
    const carol = await sockets.connect(third.baseUrl, await visitor(third));
    const dave = await sockets.connect(second.baseUrl, await visitor(second));
    expect(await carol.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode: 'C002' })).toEqual({
      status: 'waiting',
    });
    const paired = next(dave, socketEvents.pairMatched);
    expect(await dave.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode: 'C002' })).toEqual({
      status: 'matched',
    });
    await paired;
    const ended = next(dave, socketEvents.pairEnded, 15_000);
    third.child!.kill('SIGKILL');
    // The stopped instance's key expires within 6 s; the second looks for such pairs every 2 s.
    expect(await ended).toEqual({ reason: 'disconnected' });
    expect(await dave.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode: 'C002' })).toEqual({
      status: 'waiting',
    });
  }, 90_000);

  it("takes an instance's visitors out of the counts on the others when it stops", async () => {
    const [first, second] = instances as [Member, Member];
    const room = (await call(first.baseUrl, 'GET', '/api/chat/rooms?collegeCode=C003')).body[0].id;
    const staying = await sockets.connect(second.baseUrl, await visitor(second));
    await join(staying, room);
    const leaving = await sockets.connect(first.baseUrl, await visitor(first));
    // The counts go out at most four times a second, the latest winning: the one for `staying`'s
    // own join may still come after the other has joined.
    const counts = collect(staying, socketEvents.updateOnlineCount);
    await join(leaving, room);
    await until(async () => counts.at(-1) === 2, 10_000);

    await first.stop();
    // The second counts its rooms again every 5 s.
    const deadline = Date.now() + 15_000;
    while (counts.at(-1) !== 1 && Date.now() < deadline) await pause(100);
    expect(counts.at(-1)).toBe(1);
    // It stopped cleanly: projections, socket.io and Redis closed before the database.
    expect(first.errorLines).toEqual([]);
  }, 30_000);
});
