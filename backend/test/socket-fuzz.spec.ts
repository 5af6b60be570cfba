import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { clientEventSchemas, limits, socketEvents } from '@secretchatbox/contracts';
import { quickestTarget, until } from '@secretchatbox/database/testing';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { collect, socketPool } from './support/sockets.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Payloads of every wrong shape, and a few of the right one in the wrong place. */
const malformed: unknown[] = [
  undefined,
  null,
  0,
  -1,
  Number.MAX_VALUE,
  true,
  '',
  'x',
  'x'.repeat(5000),
  '\u0000',
  '\ud800',
  [],
  [1, 'two', { three: 3 }],
  {},
  { roomId: 5 },
  { room: null, isTyping: 'yes' },
  { collegeCode: { $ne: null } },
  { content: 'x'.repeat(600) },
  { constructor: { prototype: { polluted: true } } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
];
/** The events a client sends without waiting for an acknowledgement. */
const unacknowledged = new Set<string>([socketEvents.typing, socketEvents.leaveRoom]);
const eventNames = [...Object.keys(clientEventSchemas), 'unknown', 'constructor', '__proto__', 'x'.repeat(300)];

describe('every socket event, fuzzed', () => {
  let t: TestApp;
  let fixtures: Awaited<ReturnType<typeof moderationFixtures>>;
  const sockets = socketPool();

  beforeAll(async () => {
    t = await startTestApp(quickestTarget());
    fixtures = await moderationFixtures(t);
  });
  afterEach(() => sockets.closeAll());
  afterAll(async () => {
    await t.close();
  });

  it.each(eventNames)('answers %s with a refusal or nothing, whatever the payload, and stays up', async (event) => {
    // Within one socket's burst: the budget is tried elsewhere.
    expect(malformed.length).toBeLessThan(limits.socketEventBudget.burst);
    const socket = await sockets.connect(t.baseUrl, await fixtures.visitor());
    const closing = collect(socket, socketEvents.closing);
    const emit = (payload: unknown) =>
      (socket.timeout(1000).emitWithAck as (event: string, payload: unknown) => Promise<unknown>)(event, payload);
    const answers = await Promise.all(malformed.map((payload) => emit(payload).catch(() => 'no answer')));
    for (const answer of answers) {
      if (unacknowledged.has(event) || !Object.hasOwn(clientEventSchemas, event)) expect(answer).toBe('no answer');
      else expect(answer).toMatchObject(event === socketEvents.pairFind ? { status: 'refused' } : { ok: false });
    }
    expect(closing).toEqual([]);
    expect(socket.connected).toBe(true);
    expect((await fetch(`${t.baseUrl}/health`)).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('closes the connection of a socket that sends more than a message may hold, and only that one', async () => {
    const sender = await sockets.connect(t.baseUrl, await fixtures.visitor());
    const other = await sockets.connect(t.baseUrl);
    sender.emit(socketEvents.typing, { roomId: 'x'.repeat(20 * 1024), isTyping: true });
    await until(async () => !sender.connected);
    expect(other.connected).toBe(true);
  });
});
