import { describe, expect, it } from '@jest/globals';
import { canRecall, type EventStore, WrongExpectedRevisionError } from '@secretchatbox/event-store';
import { timedAppends } from './timed-appends.js';

const position = { commit: 1n, prepare: 1n };
const appended = { position, nextExpectedRevision: 0, nextExpectedRevisions: new Map(), repeated: false };

/** A store that answers every call with what it was called with, and remembers the calls. */
function fakeStore(recalling: boolean) {
  const calls: string[] = [];
  const answer =
    (name: string, result: unknown = name) =>
    (...args: unknown[]) => {
      calls.push(`${name}(${args.length})`);
      return result;
    };
  const store: Record<string, unknown> = {
    appendToStream: answer('appendToStream', Promise.resolve(appended)),
    appendToStreams: answer('appendToStreams', Promise.resolve(appended)),
    readStream: answer('readStream', Promise.resolve([])),
    readAll: answer('readAll', Promise.resolve([])),
    subscribeToAll: answer('subscribeToAll'),
    headPosition: answer('headPosition', Promise.resolve(position)),
    countEvents: answer('countEvents', Promise.resolve(7)),
    ping: answer('ping', Promise.resolve()),
    close: answer('close', Promise.resolve()),
  };
  if (recalling) {
    store.recall = answer('recall', [null]);
    store.appendIfUnchanged = answer('appendIfUnchanged', Promise.resolve(appended));
  }
  return { store: store as unknown as EventStore, calls };
}

describe('timedAppends', () => {
  it("keeps a recalling store's recall and conditional append, and times that append", async () => {
    const { store, calls } = fakeStore(true);
    const observed: number[] = [];
    const timed = timedAppends(store, (seconds) => observed.push(seconds));
    expect(canRecall(timed)).toBe(true);
    if (!canRecall(timed)) return;
    expect(timed.recall([{ streamId: 'a', lastEventOnly: true }])).toEqual([null]);
    expect(await timed.appendIfUnchanged([], [])).toBe(appended);
    expect(calls).toEqual(['recall(1)', 'appendIfUnchanged(2)']);
    expect(observed).toHaveLength(1);
  });

  it('adds nothing a plain store lacks, times both appends and passes every other call through', async () => {
    const { store, calls } = fakeStore(false);
    const observed: number[] = [];
    const timed = timedAppends(store, (seconds) => observed.push(seconds));
    expect(canRecall(timed)).toBe(false);
    await timed.appendToStream('s', [], { expectedRevision: 'any' });
    await timed.appendToStreams([]);
    expect(observed).toHaveLength(2);
    expect(observed.every((seconds) => seconds >= 0 && seconds < 1)).toBe(true);
    await timed.readStream('s');
    await timed.readAll({ maxCount: 1 });
    expect(timed.subscribeToAll({ after: null })).toBe('subscribeToAll');
    expect(await timed.headPosition()).toBe(position);
    expect(await timed.countEvents()).toBe(7);
    await timed.ping();
    await timed.close();
    expect(calls).toEqual([
      'appendToStream(3)',
      'appendToStreams(1)',
      'readStream(2)',
      'readAll(1)',
      'subscribeToAll(1)',
      'headPosition(0)',
      'countEvents(0)',
      'ping(0)',
      'close(0)',
    ]);
    expect(observed).toHaveLength(2);
  });

  it('times a refused append too, and lets its error through', async () => {
    const { store } = fakeStore(false);
    const refusal = new WrongExpectedRevisionError('s', 0, 1);
    (store as unknown as Record<string, unknown>).appendToStream = () => Promise.reject(refusal);
    const observed: number[] = [];
    const timed = timedAppends(store, (seconds) => observed.push(seconds));
    await expect(timed.appendToStream('s', [])).rejects.toBe(refusal);
    expect(observed).toHaveLength(1);
  });
});
