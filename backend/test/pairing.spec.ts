import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { limits, messages, socketEvents, streams } from '@secretchatbox/contracts';
import { quickestTarget } from '@secretchatbox/database/testing';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { reportSkippedRedisSuites, socketModes } from './support/redis.js';
import { type ChatSocket, collect, next, pause, socketPool } from './support/sockets.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedRedisSuites('the pairing tests in Redis mode');
const modes = socketModes();

type Student = { token: string; sessionId: string; socket: ChatSocket };

describe.each(modes)('random pairing over the socket, %s', (_mode, env) => {
  let t: TestApp;
  let fixtures: Awaited<ReturnType<typeof moderationFixtures>>;
  const sockets = socketPool();
  let network = 0;

  /** A new student with a session and a socket, each from a network of its own. */
  const student = async (): Promise<Student> => {
    network += 1;
    const headers = { 'x-forwarded-for': `10.14.${network >> 8}.${network & 255}` };
    const { sessionToken, sessionId } = (await t.call('POST', '/api/session', { headers })).body;
    return { token: sessionToken, sessionId, socket: await sockets.connect(t.baseUrl, sessionToken) };
  };
  const find = (who: Student, collegeCode = 'C001', nickname?: string) =>
    who.socket.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode, ...(nickname ? { nickname } : {}) });
  const send = (who: Student, content: string) =>
    who.socket.timeout(5000).emitWithAck(socketEvents.pairSend, { content });
  const act = (who: Student, event: 'pair:skip' | 'pair:block' | 'pair:leave') =>
    who.socket.timeout(5000).emitWithAck(event);
  /** Two students of `collegeCode` paired with each other: the first waits, the second is matched. */
  const pair = async (collegeCode = 'C001') => {
    const [a, b] = [await student(), await student()];
    const waiting = next(a.socket, socketEvents.pairWaiting);
    expect(await find(a, collegeCode, 'Night Owl')).toEqual({ status: 'waiting' });
    await waiting;
    const matchedA = next(a.socket, socketEvents.pairMatched);
    const matchedB = next(b.socket, socketEvents.pairMatched);
    expect(await find(b, collegeCode)).toEqual({ status: 'matched' });
    return { a, b, matchedA: await matchedA, matchedB: await matchedB };
  };

  beforeAll(async () => {
    t = await startTestApp(quickestTarget(), { TRUST_PROXY: '1', ...env() });
    fixtures = await moderationFixtures(t);
  });
  afterEach(async () => {
    // Every test's students leave, so that no one still waits for the next test's.
    sockets.closeAll();
    await pause(100);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a socket without a session, an unknown college and a malformed request', async () => {
    const anonymous = await sockets.connect(t.baseUrl);
    expect(await anonymous.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode: 'C001' })).toEqual({
      status: 'refused',
      message: messages.pairingNeedsSession,
    });
    const someone = await student();
    expect(await find(someone, 'NOPE')).toEqual({ status: 'refused', message: messages.unknownCollege });
    expect(
      await someone.socket.timeout(5000).emitWithAck(socketEvents.pairFind, { collegeCode: 'C001', extra: 1 } as never),
    ).toMatchObject({ status: 'refused' });
    expect(await send(someone, 'hello')).toEqual({ ok: false, message: messages.notPaired });
    expect(await act(someone, 'pair:skip')).toEqual({ ok: false, message: messages.notPaired });
  });

  it('matches two students of one college, each told of the other, and carries their messages to both', async () => {
    const { a, b, matchedA, matchedB } = await pair();
    expect(matchedA.partner).toEqual({ sessionId: b.sessionId, nickname: null });
    expect(matchedB).toEqual({ pairId: matchedA.pairId, partner: { sessionId: a.sessionId, nickname: 'Night Owl' } });
    const heardA = next(a.socket, socketEvents.pairMessage);
    const heardB = next(b.socket, socketEvents.pairMessage);
    expect(await send(a, 'hi there')).toEqual({ ok: true });
    const [toA, toB] = [await heardA, await heardB];
    expect(toB).toEqual(toA);
    expect(toB).toMatchObject({ content: 'hi there', fromSessionId: a.sessionId });
    expect(await send(b, '   ')).toEqual({ ok: false, message: messages.roomMessageEmpty });
    expect(await send(b, 'x'.repeat(501))).toEqual({ ok: false, message: messages.roomMessageTooLong });
    const stored = await t.storage.store.readStream(streams.pair(matchedA.pairId));
    expect(stored.map((event) => event.type)).toEqual(['PairMatched', 'PairMessageSent']);
    const limit = (await t.call('GET', '/api/daily-limit', { token: a.token })).body;
    expect(limit.chat).toMatchObject({ used: 1, remaining: limits.dailyChatMessages - 1 });
    // In a pair, a second search is refused; the partner's other college cannot pair it either.
    expect(await find(a, 'C003')).toEqual({ status: 'refused', message: messages.alreadyPaired });
  });

  it('pairs only within a college', async () => {
    const [a, b] = [await student(), await student()];
    expect(await find(a, 'C001')).toEqual({ status: 'waiting' });
    expect(await find(b, 'C003')).toEqual({ status: 'waiting' });
    const c = await student();
    const matched = next(c.socket, socketEvents.pairMatched);
    expect(await find(c, 'C003')).toEqual({ status: 'matched' });
    expect((await matched).partner.sessionId).toBe(b.sessionId);
  });

  it('ends a skipped pair for both and never pairs those two again that day, but pairs each with others', async () => {
    const { a, b } = await pair();
    const ended = next(a.socket, socketEvents.pairEnded);
    expect(await act(b, 'pair:skip')).toEqual({ ok: true });
    expect(await ended).toEqual({ reason: 'skipped' });
    expect(await send(a, 'still there?')).toEqual({ ok: false, message: messages.notPaired });
    expect(await find(a)).toEqual({ status: 'waiting' });
    expect(await find(b)).toEqual({ status: 'waiting' });
    const c = await student();
    const matchedA = next(a.socket, socketEvents.pairMatched);
    expect(await find(c)).toEqual({ status: 'matched' });
    expect((await matchedA).partner.sessionId).toBe(c.sessionId);
    await act(b, 'pair:leave');
  });

  it('never pairs a blocked partner again', async () => {
    const { a, b } = await pair();
    const endedForA = collect(a.socket, socketEvents.pairEnded);
    const ended = next(b.socket, socketEvents.pairEnded);
    expect(await act(a, 'pair:block')).toEqual({ ok: true });
    // The partner is told through the push; the blocker has the acknowledgement.
    expect(await ended).toEqual({ reason: 'blocked' });
    expect(endedForA).toEqual([]);
    expect(await find(b)).toEqual({ status: 'waiting' });
    expect(await find(a)).toEqual({ status: 'waiting' });
    await act(a, 'pair:leave');
    await act(b, 'pair:leave');
  });

  it('files a report with the last messages for moderators of the college, where the first decision stands', async () => {
    const { a, b, matchedA } = await pair('C003');
    await send(a, 'my number is 555-0100');
    await send(b, 'please do not');
    const ended = next(a.socket, socketEvents.pairEnded);
    expect(
      await b.socket
        .timeout(5000)
        .emitWithAck(socketEvents.pairReport, { reason: 'personal_info', note: 'shared a number' }),
    ).toEqual({ ok: true });
    expect(await ended).toEqual({ reason: 'reported' });

    const college = await fixtures.account('college', 'C003');
    const elsewhere = await fixtures.account('normal', 'C001');
    const { body: reports } = await t.call('GET', '/api/admin/pairing-reports', { token: college.token });
    const report = reports.find((item: { pairId: string }) => item.pairId === matchedA.pairId);
    expect(report).toMatchObject({
      collegeCode: 'C003',
      reason: 'personal_info',
      note: 'shared a number',
      reporterId: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/),
      reportedId: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/),
      createdAt: expect.any(String),
    });
    expect(report.transcript.map((line: { content: string }) => line.content)).toEqual([
      'my number is 555-0100',
      'please do not',
    ]);
    expect(report.transcript[0].fromId).toBe(report.reportedId);
    expect(JSON.stringify(reports)).not.toContain(a.sessionId);
    const other = await t.call('GET', '/api/admin/pairing-reports', { token: elsewhere.token });
    expect(other.body.map((item: { id: string }) => item.id)).not.toContain(report.id);
    const path = `/api/admin/pairing-reports/${report.id}/resolve`;
    expect((await t.call('POST', path, { token: elsewhere.token, body: { action: 'warn' } })).status).toBe(403);
    expect(await t.call('POST', path, { token: college.token, body: { action: 'ban' } })).toMatchObject({
      status: 400,
      body: { fields: { action: messages.pairingReportActionInvalid } },
    });
    expect(
      await t.call('POST', path, { token: college.token, body: { action: 'warn', note: 'Warned' } }),
    ).toMatchObject({
      status: 200,
      body: { id: report.id, status: 'warned' },
    });
    expect(await t.call('POST', path, { token: college.token, body: { action: 'dismiss' } })).toMatchObject({
      status: 409,
      body: { message: messages.pairingReportResolved('warned') },
    });
    const after = await t.call('GET', '/api/admin/pairing-reports', { token: college.token });
    expect(after.body.map((item: { id: string }) => item.id)).not.toContain(report.id);
  });

  it('tells the partner when a student disconnects, and takes a waiting student out of the queue', async () => {
    const { a, b } = await pair();
    const ended = next(a.socket, socketEvents.pairEnded);
    b.socket.disconnect();
    expect(await ended).toEqual({ reason: 'disconnected' });
    const waiter = await student();
    expect(await find(waiter, 'C004')).toEqual({ status: 'waiting' });
    waiter.socket.disconnect();
    await pause(200);
    const late = await student();
    expect(await find(late, 'C004')).toEqual({ status: 'waiting' });
    const left = collect(a.socket, socketEvents.pairMatched);
    expect(await act(late, 'pair:leave')).toEqual({ ok: true });
    expect(left).toEqual([]);
  });
});
