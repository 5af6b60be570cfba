import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { limits, messages, socketEvents } from '@secretchatbox/contracts';
import { pgliteTarget, until } from '@secretchatbox/database/testing';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { presenceAnnounceIntervalMs } from '../src/realtime/presence-announcer.js';
import { handshakeHeadroom } from '../src/realtime/socket-capacity.js';
import { parseSamples, valueOf } from './support/metric-samples.js';
import { type ChatSocket, collect, join, pause } from './support/sockets.js';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { openTestStorage, startTestApp, startTestAppOn, type TestApp } from './support/test-app.js';

const attackerScript = fileURLToPath(new URL('../../scripts/bench/socket-attacker.js', import.meta.url));
const perNetwork = 20;
const perInstance = 50;

type AttackReport = Readonly<{ sent: number; closing: string | null; disconnect: string | null }>;

/** An abusive client in a process of its own, until it reports. */
function attack(options: Record<string, unknown>): Promise<AttackReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [attackerScript, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as AttackReport) : reject(new Error(`attacker exited ${code}`)),
    );
  });
}

/**
 * Calls `call` over and over until `until` settles, and for at least a second and a half; how many
 * answered, every one a 200. How fast they stayed is measured by `scripts/bench/socket-abuse.js`
 * (docs/performance.md): a latency bound here would fail on a busy machine, not on a slow server.
 */
async function readsWhile(call: () => Promise<Response>, until: Promise<unknown>): Promise<number> {
  let over = false;
  void Promise.allSettled([until, pause(1500)]).then(() => (over = true));
  let calls = 0;
  while (!over) {
    const answer = await call();
    await answer.arrayBuffer();
    expect(answer.status).toBe(200);
    calls += 1;
  }
  return calls;
}

it("refuses to start with a socket cap that does not fit under the process's open-file limit", async () => {
  const storage = await openTestStorage(pgliteTarget);
  const started = startTestAppOn(storage, { SOCKET_MAX_CONNECTIONS: String(10 ** 9) });
  await expect(started).rejects.toThrow(
    /SOCKET_MAX_CONNECTIONS=1000000000 does not fit under this process's open-file limit/,
  );
  await storage.close();
});

describe('one address cannot take the sockets down', () => {
  let t: TestApp;
  let fixtures: Awaited<ReturnType<typeof moderationFixtures>>;
  const sockets: ChatSocket[] = [];
  /** A socket from `network` (behind the one trusted proxy): connected, or the message it was refused with. */
  const connectFrom = (network: string, token?: string) => {
    const socket: ChatSocket = io(t.baseUrl, {
      transports: ['websocket'],
      extraHeaders: { 'x-forwarded-for': network },
      auth: token ? { token } : {},
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise<{ socket: ChatSocket; refused?: string }>((resolve) => {
      socket.once('connect', () => resolve({ socket }));
      socket.once('connect_error', (error) => resolve({ socket, refused: error.message }));
    });
  };
  const connectMany = (network: string, count: number) =>
    Promise.all(Array.from({ length: count }, () => connectFrom(network)));
  const samples = async () => parseSamples(await (await fetch(`${t.baseUrl}/metrics`)).text());
  const refusals = async (reason: string) => valueOf(await samples(), 'scb_socket_refusals_total', { reason }) ?? 0;

  beforeAll(async () => {
    t = await startTestApp(pgliteTarget, {
      TRUST_PROXY: '1',
      SOCKETS_PER_NETWORK: String(perNetwork),
      SOCKET_MAX_CONNECTIONS: String(perInstance),
    });
    fixtures = await moderationFixtures(t);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    // The server has let every connection go before the next test counts its own.
    await until(async () => valueOf(await samples(), 'scb_socket_connections') === 0, 5000);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses sockets past the per-network cap with a message, while another network connects and /health answers', async () => {
    const held = await connectMany('198.51.100.7', perNetwork);
    expect(held.filter((attempt) => attempt.refused)).toEqual([]);
    const before = await refusals('network_full');

    const past = await connectMany('198.51.100.7', 5);
    expect(past.map((attempt) => attempt.refused)).toEqual(Array(5).fill(messages.tooManySocketsFromNetwork));
    // A refused connection is closed too, not held open by the server.
    await until(async () => past.every(({ socket }) => socket.io.engine?.readyState !== 'open'), 2000);
    expect(await refusals('network_full')).toBe(before + 5);

    expect((await connectFrom('203.0.113.8')).refused).toBeUndefined();
    expect((await fetch(`${t.baseUrl}/health`)).status).toBe(200);

    // A network that lets one go may connect one again.
    held[0]!.socket.disconnect();
    await until(async () => !(await connectFrom('198.51.100.7')).refused, 3000);
  });

  it('refuses sockets past the instance cap, whatever their network', async () => {
    for (let network = 0; network < perInstance / 10; network += 1) {
      const attempts = await connectMany(`192.0.2.${network}`, 10);
      expect(attempts.filter((attempt) => attempt.refused)).toEqual([]);
    }
    expect((await connectFrom('192.0.2.200')).refused).toBe(messages.serverFull);
    expect(await refusals('instance_full')).toBeGreaterThanOrEqual(1);
  });

  it('refuses connections that never connect a socket once a network holds its cap and the headroom', async () => {
    const raw: WebSocket[] = [];
    const open = () =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, {
          headers: { 'x-forwarded-for': '198.51.100.99' },
        });
        ws.on('error', () => undefined);
        ws.once('open', () => {
          raw.push(ws);
          resolve(101);
        });
        ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      });
    try {
      const answers: number[] = [];
      for (let n = 0; n < perNetwork + handshakeHeadroom.perNetwork + 3; n += 1) answers.push(await open());
      expect(answers.filter((status) => status === 101)).toHaveLength(perNetwork + handshakeHeadroom.perNetwork);
      // engine.io answers a refused upgrade 400, whatever the reason.
      expect(answers.slice(-3)).toEqual([400, 400, 400]);
    } finally {
      for (const ws of raw) ws.terminate();
    }
  });

  it('closes a socket that floods typing, telling it why, while HTTP answers others', async () => {
    const roomId = await fixtures.room();
    const read = () => fetch(`${t.baseUrl}/api/chat/rooms/${roomId}/messages`);
    const flood = attack({
      url: t.baseUrl,
      token: await fixtures.visitor(),
      attack: 'typing',
      count: 100_000,
      rooms: [roomId],
    });
    const calls = await readsWhile(read, flood);
    const report = await flood;
    expect(report.closing).toBe(messages.tooManySocketEvents);
    expect(report.disconnect).toBe('io server disconnect');
    expect(report.sent).toBeLessThan(100_000);
    expect(calls).toBeGreaterThan(5);
    expect(await refusals('event_budget')).toBeGreaterThanOrEqual(1);
  });

  it('holds unknown events to the same budget', async () => {
    const read = () => fetch(`${t.baseUrl}/health`);
    const flood = attack({ url: t.baseUrl, attack: 'unknown', count: 100_000 });
    const calls = await readsWhile(read, flood);
    const report = await flood;
    expect(report.closing).toBe(messages.tooManySocketEvents);
    expect(report.sent).toBeLessThan(100_000);
    expect(calls).toBeGreaterThan(5);
  });

  it('lets a fast typist type on', async () => {
    const roomId = await fixtures.room();
    const { socket } = await connectFrom('198.51.100.20', await fixtures.visitor());
    await join(socket, roomId);
    const closing = collect(socket, socketEvents.closing);
    // Fifteen keys a second for three seconds, past the burst many times over.
    for (let key = 0; key < 45; key += 1) {
      socket.emit(socketEvents.typing, { roomId, isTyping: true });
      await pause(1000 / 15);
    }
    await pause(200);
    expect(closing).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it('tells a room of a socket hopping in and out at most a few times a second', async () => {
    const [lobby, library] = [await fixtures.room(), await fixtures.room()];
    const listeners = (await connectMany('198.51.100.30', 15)).map(({ socket }) => socket);
    for (const listener of listeners) await join(listener, lobby!);
    const heard = listeners.map((listener) => collect(listener, socketEvents.updateOnlineCount));
    const started = performance.now();
    const hops = await attack({ url: t.baseUrl, attack: 'hops', count: 500, rooms: [library, lobby], lingerMs: 500 });
    const seconds = (performance.now() - started) / 1000;
    await pause(2 * presenceAnnounceIntervalMs);
    expect(hops.sent).toBeGreaterThan(limits.socketEventBudget.burst);
    const bound = Math.ceil((seconds * 1000) / presenceAnnounceIntervalMs) + 2;
    for (const counts of heard) {
      expect(counts.length).toBeLessThanOrEqual(bound);
      // The last word is the room without the hopper: the listeners, each a reader of its own.
      expect(counts.at(-1)).toBe(listeners.length);
    }
  });
});
