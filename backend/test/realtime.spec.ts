import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pgliteTarget } from '@secretchatbox/database/testing';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('socket.io on the API port', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp(pgliteTarget);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const connect = async (token?: string) => {
    const socket = io(t.baseUrl, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const nextCount = (socket: Socket) => new Promise<number>((resolve) => socket.once('updateOnlineCount', resolve));

  it('counts distinct visitors in a room as they join and leave', async () => {
    const rooms = (await t.call('GET', '/api/chat/rooms?collegeCode=C001')).body;
    const { body: session } = await t.call('POST', '/api/session', { body: {} });
    const first = await connect(session.sessionToken);
    const firstCount = nextCount(first);
    first.emit('joinRoom', rooms[0].id);
    expect(await firstCount).toBe(1);

    // A second tab of the same visitor is not a second student online.
    const sameVisitor = await connect(session.sessionToken);
    const unchanged = nextCount(first);
    sameVisitor.emit('joinRoom', rooms[0].id);
    expect(await unchanged).toBe(1);

    const other = await connect();
    const twoNow = nextCount(first);
    other.emit('joinRoom', rooms[0].id);
    expect(await twoNow).toBe(2);

    const backToOne = nextCount(first);
    other.disconnect();
    expect(await backToOne).toBe(1);
  });

  it.each([
    ['does not exist', '00000000-0000-0000-0000-000000000000'],
    ['has an id that is no UUID', '------------------------------------'],
    ['has an id with a NUL', `${'0'.repeat(35)}\u0000`],
  ])('refuses to join a room that %s', async (_case, roomId) => {
    const socket = await connect();
    const refused = new Promise<unknown>((resolve) => socket.once('exception', resolve));
    socket.emit('joinRoom', roomId);
    expect(await refused).toMatchObject({ message: 'Unknown room' });
  });
});
