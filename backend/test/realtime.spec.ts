import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { limits, messages, socketEvents } from '@secretchatbox/contracts';
import { pgliteTarget } from '@secretchatbox/database/testing';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { collect, join, next, pause, socketPool } from './support/sockets.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('socket.io on the API port', () => {
  let t: TestApp;
  let fixtures: Awaited<ReturnType<typeof moderationFixtures>>;
  let general: string;
  const sockets = socketPool();
  const connect = (token?: string) => sockets.connect(t.baseUrl, token);
  const broadcastMessage = (roomId: string, content: string, token: string) =>
    t.call('POST', `/api/chat/rooms/${roomId}/messages`, { token, body: { content } });

  beforeAll(async () => {
    t = await startTestApp(pgliteTarget);
    fixtures = await moderationFixtures(t);
    general = (await t.call('GET', '/api/chat/rooms?collegeCode=C001')).body[0].id;
  });
  afterEach(() => sockets.closeAll());
  afterAll(async () => {
    await t.close();
  });

  it('counts distinct visitors in a room as they join and leave, a visitor with several tabs once', async () => {
    const roomId = await fixtures.room();
    const visitor = await fixtures.visitor();
    const first = await connect(visitor);
    const firstCount = next(first, socketEvents.updateOnlineCount);
    await join(first, roomId);
    expect(await firstCount).toBe(1);

    const secondTab = await connect(visitor);
    const unchanged = next(first, socketEvents.updateOnlineCount);
    await join(secondTab, roomId);
    expect(await unchanged).toBe(1);

    const other = await connect(await fixtures.visitor());
    const twoNow = next(first, socketEvents.updateOnlineCount);
    await join(other, roomId);
    expect(await twoNow).toBe(2);

    const backToOne = next(first, socketEvents.updateOnlineCount);
    other.disconnect();
    expect(await backToOne).toBe(1);
    const stillOne = next(first, socketEvents.updateOnlineCount);
    secondTab.disconnect();
    expect(await stillOne).toBe(1);
  });

  it.each([
    ['does not exist', '00000000-0000-4000-8000-000000000000'],
    ['has an id that is no UUID', '------------------------------------'],
    ['has an id with a NUL', `${'0'.repeat(35)}\u0000`],
    ['is not a string', 42],
  ])('refuses to join a room that %s, and the socket stays in its room', async (_case, roomId) => {
    const socket = await connect(await fixtures.visitor());
    await join(socket, general);
    expect(await socket.timeout(5000).emitWithAck(socketEvents.joinRoom, roomId as string)).toEqual({
      ok: false,
      message: messages.roomNotFound,
    });
    const received = next(socket, socketEvents.receiveMessage);
    const { body: message } = await broadcastMessage(general, 'still here?', await fixtures.visitor());
    expect((await received).id).toBe(message.id);
  });

  it('refuses to join an archived room', async () => {
    const roomId = await fixtures.room();
    await t.call('PUT', `/api/chat/rooms/${roomId}/archive`, { token: fixtures.chiefToken, body: {} });
    const socket = await connect(await fixtures.visitor());
    expect(await join(socket, roomId)).toEqual({ ok: false, message: messages.roomNotFound });
  });

  it('pushes a message to its own room only, to sockets on either kind of token', async () => {
    const [roomA, roomB] = [await fixtures.room(), await fixtures.room()];
    const inA = await connect(await fixtures.visitor());
    const adminInA = await connect(fixtures.chiefToken);
    const inB = await connect(await fixtures.visitor());
    await join(inA, roomA);
    await join(adminInA, roomA);
    await join(inB, roomB);
    const heardInB = collect(inB, socketEvents.receiveMessage);
    const received = [next(inA, socketEvents.receiveMessage), next(adminInA, socketEvents.receiveMessage)];
    const { body: message } = await broadcastMessage(roomA, 'only for room A', await fixtures.visitor());
    expect(await Promise.all(received)).toEqual([message, message]);
    await pause(200);
    expect(heardInB).toEqual([]);
  });

  it('relays typing to the others in the room only, throttled, with every stop, and never stores it', async () => {
    const roomId = await fixtures.room();
    const typist = await connect(await fixtures.visitor());
    const listener = await connect(await fixtures.visitor());
    const elsewhere = await connect(await fixtures.visitor());
    await join(typist, roomId);
    await join(listener, roomId);
    await join(elsewhere, general);
    const heard = collect(listener, socketEvents.userTyping);
    const echoed = collect(typist, socketEvents.userTyping);
    const heardElsewhere = collect(elsewhere, socketEvents.userTyping);
    const head = await t.storage.store.headPosition();

    typist.emit(socketEvents.typing, { roomId, nickname: 'Night Owl', isTyping: true });
    typist.emit(socketEvents.typing, { roomId, nickname: 'Night Owl', isTyping: true });
    typist.emit(socketEvents.typing, { roomId, nickname: 'Night Owl', isTyping: false });
    typist.emit(socketEvents.typing, { roomId, isTyping: true });
    await pause(300);
    expect(heard).toEqual([
      { nickname: 'Night Owl', isTyping: true },
      { nickname: 'Night Owl', isTyping: false },
      { nickname: 'Anonymous', isTyping: true },
    ]);
    // A start while typing, within the interval, is not relayed again.
    await pause(limits.typingRelayIntervalMs);
    typist.emit(socketEvents.typing, { roomId, nickname: 'Night Owl', isTyping: true });
    await pause(100);
    typist.disconnect();
    await pause(300);
    expect(heard.slice(3)).toEqual([
      { nickname: 'Night Owl', isTyping: true },
      { nickname: 'Night Owl', isTyping: false },
    ]);
    expect(echoed).toEqual([]);
    expect(heardElsewhere).toEqual([]);
    expect(await t.storage.store.headPosition()).toEqual(head);
  });

  it('relays no typing from a socket without a session, nor for a room it is not in, nor malformed', async () => {
    const roomId = await fixtures.room();
    const anonymous = await connect();
    const member = await connect(await fixtures.visitor());
    const listener = await connect(await fixtures.visitor());
    await join(anonymous, roomId);
    await join(member, general);
    await join(listener, roomId);
    const heard = collect(listener, socketEvents.userTyping);
    anonymous.emit(socketEvents.typing, { roomId, isTyping: true });
    member.emit(socketEvents.typing, { roomId, isTyping: true });
    member.emit(socketEvents.typing, { roomId: general, isTyping: 'yes' } as never);
    member.emit(socketEvents.typing, { roomId: general, nickname: 'x', isTyping: true });
    await pause(300);
    expect(heard).toEqual([]);
  });
});
