import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { from, type Observable } from 'rxjs';
import type { Socket } from 'socket.io';
import { listenToMessages } from './message-listeners.js';

/** A socket that records what it emits, and receives messages as socket.io hands them over. */
function fakeSocket() {
  const emitted: unknown[][] = [];
  const socket = new EventEmitter();
  const receive = (message: string, ...args: unknown[]) => EventEmitter.prototype.emit.call(socket, message, ...args);
  socket.emit = (...args: unknown[]) => (emitted.push(args), true);
  return { socket: socket as unknown as Socket, receive, emitted };
}

const handler = (
  message: string,
  callback: (data: unknown) => unknown,
  isAckHandledManually = false,
): MessageMappingProperties => ({ message, methodName: message, callback: callback as never, isAckHandledManually });
const answersOf = (result: unknown): Observable<unknown> => from(Promise.resolve(result));
/** Nest's own reading of a message's arguments into its data and acknowledgement. */
const payloadOf = (payload: unknown) => IoAdapter.prototype.mapPayload.call(null, payload);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('listenToMessages', () => {
  it("acknowledges with the handler's answer, and emits an answer that names an event", async () => {
    const { socket, receive, emitted } = fakeSocket();
    const errors: unknown[] = [];
    const rooms: unknown[] = [];
    listenToMessages(
      socket,
      [
        handler('joinRoom', (room) => (rooms.push(room), { ok: true, room })),
        handler('pair:find', () => ({ event: 'pair:waiting', data: 1 })),
      ],
      answersOf,
      payloadOf,
      (error) => errors.push(error),
    );
    const acks: unknown[] = [];
    receive('joinRoom', 'lobby', (answer: unknown) => acks.push(answer));
    receive('pair:find', {});
    receive('joinRoom', 'quiet');
    await settle();
    expect(acks).toEqual([{ ok: true, room: 'lobby' }]);
    expect(emitted).toEqual([['pair:waiting', 1]]);
    expect(errors).toEqual([]);
    expect(rooms).toEqual(['lobby', 'quiet']);
  });

  it('leaves the acknowledgement to a handler that makes its own, and sends nothing for no answer', async () => {
    const { socket, receive, emitted } = fakeSocket();
    listenToMessages(
      socket,
      [handler('typing', () => 'typed', true), handler('leaveRoom', () => undefined)],
      answersOf,
      payloadOf,
      () => undefined,
    );
    const acks: unknown[] = [];
    receive('typing', 'lobby', (answer: unknown) => acks.push(answer));
    receive('leaveRoom', 'lobby', (answer: unknown) => acks.push(answer));
    await settle();
    expect(acks).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it('logs a failing handler and still hears the same message afterwards', async () => {
    const { socket, receive } = fakeSocket();
    const errors: unknown[] = [];
    let calls = 0;
    const failing = handler('joinRoom', () => {
      calls += 1;
      if (calls === 1) throw new Error('thrown');
      if (calls === 2) return Promise.reject(new Error('rejected'));
      return { ok: true };
    });
    listenToMessages(socket, [failing], answersOf, payloadOf, (error) => errors.push(error));
    const acks: unknown[] = [];
    for (let message = 0; message < 3; message += 1)
      receive('joinRoom', 'lobby', (answer: unknown) => acks.push(answer));
    await settle();
    expect(errors.map((error) => (error as Error).message)).toEqual(['thrown', 'rejected']);
    expect(acks).toEqual([{ ok: true }]);
  });
});
