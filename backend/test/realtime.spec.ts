import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { anonymousChatNickname, limits, messages, socketEvents, writePositionHeader } from '@secretchatbox/contracts';
import { quickestTarget, until } from '@secretchatbox/database/testing';
import { io } from 'socket.io-client';
import { VisitorSessions } from '../src/identity/visitor-sessions.js';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { reportSkippedRedisSuites, socketModes } from './support/redis.js';
import { type ChatSocket, collect, join, next, pause, socketPool } from './support/sockets.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedRedisSuites('the socket tests in Redis mode');
const modes = socketModes();
/** A join sent without an acknowledgement callback, as a client may send it. */
const joinWithoutAck = (socket: ChatSocket, roomId: string) =>
  (socket.emit as (event: string, ...args: unknown[]) => void)(socketEvents.joinRoom, roomId);

describe.each(modes)('socket.io on the API port, %s', (_mode, env) => {
  let t: TestApp;
  let fixtures: Awaited<ReturnType<typeof moderationFixtures>>;
  let general: string;
  const sockets = socketPool();
  const connect = (token?: string) => sockets.connect(t.baseUrl, token);
  const broadcastMessage = (roomId: string, content: string, token: string) =>
    t.call('POST', `/api/chat/rooms/${roomId}/messages`, { token, body: { content } });

  beforeAll(async () => {
    t = await startTestApp(quickestTarget(), env());
    fixtures = await moderationFixtures(t);
    general = (await t.call('GET', '/api/chat/rooms?collegeCode=C001')).body[0].id;
  });
  afterEach(() => sockets.closeAll());
  afterAll(async () => {
    await t.close();
  });

  it("tells the boards watching a college's feed of each confession approved there, and no other board", async () => {
    const watch = (socket: ChatSocket, collegeCode: unknown) =>
      socket.emitWithAck(socketEvents.feedWatch, { collegeCode } as { collegeCode: string });
    const anonymous = await connect();
    const elsewhere = await connect(await fixtures.visitor());
    expect(await watch(anonymous, 'C002')).toEqual({ ok: true });
    expect(await watch(anonymous, 'C001')).toEqual({ ok: true });
    expect(await watch(elsewhere, 'C002')).toEqual({ ok: true });
    expect(await watch(elsewhere, 'NOPE')).toEqual({ ok: false, message: messages.unknownCollege });
    expect((await watch(elsewhere, 42)).ok).toBe(false);
    const heardElsewhere = collect(elsewhere, socketEvents.feedPublished);
    const heardByAnonymous = collect(anonymous, socketEvents.feedPublished);

    const pending = await fixtures.pendingConfession('C001');
    const rejected = await fixtures.pendingConfession('C001');
    await t.call('PUT', `/api/confessions/${rejected}/reject`, { token: fixtures.chiefToken, body: {} });
    const published = next(anonymous, socketEvents.feedPublished);
    const approval = await t.call('PUT', `/api/confessions/${pending}/approve`, {
      token: fixtures.chiefToken,
      body: {},
    });
    const notice = { id: pending, collegeCode: 'C001', position: approval.headers.get(writePositionHeader) };
    expect(notice.position).toMatch(/^\d+\/\d+$/);
    expect(await published).toEqual(notice);
    // Readable by the time it is told.
    expect((await t.call('GET', `/api/confessions/${pending}`)).status).toBe(200);
    await pause(200);
    expect(heardByAnonymous).toEqual([notice]);
    expect(heardElsewhere).toEqual([]);
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

  it('takes a socket out of its room when it leaves that room, and only that one', async () => {
    const [roomId, otherRoom] = [await fixtures.room(), await fixtures.room()];
    const watcher = await connect(await fixtures.visitor());
    const leaver = await connect(await fixtures.visitor());
    const alone = next(watcher, socketEvents.updateOnlineCount);
    await join(watcher, roomId);
    expect(await alone).toBe(1);
    const two = next(watcher, socketEvents.updateOnlineCount);
    await join(leaver, roomId);
    expect(await two).toBe(2);
    const heard = collect(watcher, socketEvents.updateOnlineCount);
    leaver.emit(socketEvents.leaveRoom, otherRoom);
    await pause(300);
    expect(heard).toEqual([]);
    const one = next(watcher, socketEvents.updateOnlineCount);
    leaver.emit(socketEvents.leaveRoom, roomId);
    expect(await one).toBe(1);
    expect(leaver.connected).toBe(true);
  });

  it('joins a socket that sends joinRoom without an acknowledgement callback', async () => {
    const roomId = await fixtures.room();
    const socket = await connect(await fixtures.visitor());
    const counted = next(socket, socketEvents.updateOnlineCount);
    joinWithoutAck(socket, roomId);
    expect(await counted).toBe(1);
    const received = next(socket, socketEvents.receiveMessage);
    const { body: message } = await broadcastMessage(roomId, 'heard without an ack', await fixtures.visitor());
    expect((await received).id).toBe(message.id);
  });

  it('takes joins sent at once in the order sent, and counts the socket in the last room only', async () => {
    const [roomA, roomB] = [await fixtures.room(), await fixtures.room()];
    const visitor = await fixtures.visitor();
    const hopper = await connect(visitor);
    // Right after the handshake, while the token is still being looked up.
    const answers = [join(hopper, roomA), join(hopper, roomB), join(hopper, roomA), join(hopper, roomB)];
    expect((await Promise.all(answers)).map((answer) => answer.ok)).toEqual([true, true, true, true]);
    const heardInA = collect(hopper, socketEvents.receiveMessage);
    const received = next(hopper, socketEvents.receiveMessage);
    await broadcastMessage(roomA, 'not for the hopper', await fixtures.visitor());
    const { body: inB } = await broadcastMessage(roomB, 'for the hopper', await fixtures.visitor());
    expect((await received).id).toBe(inB.id);
    expect(heardInA.map((message) => message.roomId)).toEqual([roomB]);
  });

  it('does not count a socket that disconnects while its join is under way', async () => {
    const roomId = await fixtures.room();
    const observer = await connect(await fixtures.visitor());
    await join(observer, roomId);
    const leaver = await connect(await fixtures.visitor());
    // The database held, the joins wait for their room while the socket goes.
    let release = () => undefined as void;
    const held = t.storage.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    joinWithoutAck(leaver, roomId);
    joinWithoutAck(leaver, roomId);
    await pause(100);
    leaver.disconnect();
    await pause(100);
    release();
    await held;
    await pause(300);
    const late = await connect(await fixtures.visitor());
    const counted = next(late, socketEvents.updateOnlineCount);
    await join(late, roomId);
    expect(await counted).toBe(2);
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

  it('relays typing to the others in the room only, a start at most once a second, every stop, and never stores it', async () => {
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

    // Starts and stops sent in turn: one start and its stop go out within the interval.
    for (let n = 0; n < 5; n += 1) {
      typist.emit(socketEvents.typing, { roomId, nickname: 'Night Owl', isTyping: true });
      typist.emit(socketEvents.typing, { roomId, nickname: 'Night Owl', isTyping: false });
    }
    typist.emit(socketEvents.typing, { roomId, nickname: 'Night Owl', isTyping: true });
    // What must come, then a moment for what must not.
    await until(async () => heard.length >= 2);
    await pause(300);
    expect(heard).toEqual([
      { nickname: 'Night Owl', isTyping: true },
      { nickname: 'Night Owl', isTyping: false },
    ]);
    // Once the interval is over, a start goes out again; a disconnect stops it, under its name.
    await pause(limits.typingRelayIntervalMs);
    typist.emit(socketEvents.typing, { roomId, isTyping: true });
    typist.emit(socketEvents.typing, { roomId, nickname: 'Night Owl', isTyping: true });
    await pause(100);
    typist.disconnect();
    await until(async () => heard.length >= 4);
    await pause(300);
    expect(heard.slice(2)).toEqual([
      { nickname: anonymousChatNickname, isTyping: true },
      { nickname: anonymousChatNickname, isTyping: false },
    ]);
    expect(echoed).toEqual([]);
    expect(heardElsewhere).toEqual([]);
    expect(await t.storage.store.headPosition()).toEqual(head);
  });

  it("relays an admin's typing, and stops it when the admin moves to another room", async () => {
    const roomId = await fixtures.room();
    const admin = await connect(fixtures.chiefToken);
    const listener = await connect(await fixtures.visitor());
    await join(admin, roomId);
    await join(listener, roomId);
    const heard = collect(listener, socketEvents.userTyping);
    admin.emit(socketEvents.typing, { roomId, nickname: 'Moderator', isTyping: true });
    await pause(200);
    expect(await join(admin, general)).toEqual({ ok: true, roomId: general });
    await until(async () => heard.length >= 2);
    await pause(200);
    expect(heard).toEqual([
      { nickname: 'Moderator', isTyping: true },
      { nickname: 'Moderator', isTyping: false },
    ]);
  });

  it('takes a socket whose token cannot be looked up for now as one without a token: it joins, and cannot type', async () => {
    const roomId = await fixtures.room();
    const token = await fixtures.visitor();
    const listener = await connect(await fixtures.visitor());
    await join(listener, roomId);
    const heard = collect(listener, socketEvents.userTyping);
    const lookup = jest.spyOn(t.app.get(VisitorSessions), 'resolve').mockRejectedValue(new Error('database away'));
    try {
      const unknown = await connect(token);
      expect(await join(unknown, roomId)).toEqual({ ok: true, roomId });
      unknown.emit(socketEvents.typing, { roomId, isTyping: true });
    } finally {
      lookup.mockRestore();
    }
    await pause(300);
    expect(heard).toEqual([]);
  });

  it("refuses a handshake whose token is unknown or malformed with REST's message; without a token it reads", async () => {
    const refusal = (auth: Record<string, unknown>) =>
      new Promise<string | null>((resolve) => {
        const socket = io(t.baseUrl, { transports: ['websocket'], auth, reconnection: false, forceNew: true });
        socket.once('connect', () => resolve(null));
        socket.once('connect_error', (error) => resolve(error.message));
        refused.push(socket);
      });
    const refused: ReturnType<typeof io>[] = [];
    try {
      expect(await refusal({ token: 'not-a-token' })).toBe(messages.sessionInvalid);
      expect(await refusal({ token: 'A'.repeat(43) })).toBe(messages.sessionInvalid);
      expect(await refusal({ token: 42 })).toBe(messages.sessionInvalid);
      expect(await refusal({})).toBeNull();
      expect(await refusal({ token: await fixtures.visitor() })).toBeNull();
      expect(await refusal({ token: fixtures.chiefToken })).toBeNull();
    } finally {
      for (const socket of refused) socket.disconnect();
    }
  });

  it("relays the typing of a client that names the room as the original client does ('room')", async () => {
    const roomId = await fixtures.room();
    const typist = await connect(await fixtures.visitor());
    const listener = await connect(await fixtures.visitor());
    await join(typist, roomId);
    await join(listener, roomId);
    const heard = next(listener, socketEvents.userTyping);
    typist.emit(socketEvents.typing, { room: roomId, nickname: 'Night Owl', isTyping: true } as never);
    expect(await heard).toEqual({ nickname: 'Night Owl', isTyping: true });
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
