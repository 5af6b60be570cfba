import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../event-store.js';
import { RecentStreams } from './recent-streams.js';

const stream = (streamId: string, length: number): RecordedEvent[] =>
  Array.from({ length }, (_, revision) => ({
    id: `${streamId}-${revision}`,
    streamId,
    revision,
    type: 'Counted',
    data: {},
    metadata: {},
    position: { commit: 1n, prepare: BigInt(revision) },
    recordedAt: new Date(0),
  }));

describe('RecentStreams', () => {
  it('says to read a stream it holds after its last event, and one it does not from the start', () => {
    const recent = new RecentStreams({ maxEvents: 10, maxStreamEvents: 5 });
    recent.remember('a', stream('a', 3));
    expect(recent.readAfter('a')).toBe(2);
    expect(recent.held('a')).toHaveLength(3);
    expect(recent.readAfter('b')).toBe(-1);
    expect(recent.held('b')).toEqual([]);
  });

  it('lets the least recently read streams go first once it holds too many events', () => {
    const recent = new RecentStreams({ maxEvents: 6, maxStreamEvents: 5 });
    recent.remember('a', stream('a', 2));
    recent.remember('b', stream('b', 2));
    recent.remember('a', stream('a', 2));
    recent.remember('c', stream('c', 3));
    expect(recent.readAfter('b')).toBe(-1);
    expect(recent.readAfter('a')).toBe(1);
    expect(recent.readAfter('c')).toBe(2);
  });

  it('holds of a stream longer than its limit only the last event, for decisions on that alone', () => {
    const recent = new RecentStreams({ maxEvents: 100, maxStreamEvents: 3 });
    recent.remember('a', stream('a', 3));
    recent.remember('a', stream('a', 4));
    expect(recent.readAfter('a')).toBe(-1);
    expect(recent.held('a')).toEqual([]);
    expect(recent.recall('a')).toBeNull();
    expect(recent.recall('a', true)?.map((event) => event.revision)).toEqual([3]);
  });

  it('follows the last event of a long stream through appends, without holding the rest', () => {
    const recent = new RecentStreams({ maxEvents: 2, maxStreamEvents: 3 });
    const events = stream('a', 200);
    recent.rememberLast('a', events[197]!);
    recent.appended('a', events[198]!);
    recent.appended('a', events[199]!);
    expect(recent.recall('a', true)?.map((event) => event.revision)).toEqual([199]);
    // A stale last event read after an append does not replace the newer one.
    recent.rememberLast('a', events[198]!);
    expect(recent.recall('a', true)?.map((event) => event.revision)).toEqual([199]);
    recent.appended('a', { ...events[199]!, revision: 201 });
    expect(recent.recall('a', true)).toBeNull();
  });

  it('recalls the last event of a stream it holds whole', () => {
    const recent = new RecentStreams({ maxEvents: 100, maxStreamEvents: 5 });
    recent.remember('a', stream('a', 2));
    recent.appended('a', stream('a', 3)[2]!);
    expect(recent.recall('a', true)?.map((event) => event.revision)).toEqual([2]);
    expect(recent.recall('b', true)).toBeNull();
  });

  it('recalls what it read and what was appended after it, and lets a stream go when an append skips a revision', () => {
    const recent = new RecentStreams({ maxEvents: 100, maxStreamEvents: 5 });
    const [zero, one, two, three] = stream('a', 4);
    recent.remember('a', [zero!, one!]);
    recent.appended('a', two!);
    expect(recent.recall('a')?.map((event) => event.revision)).toEqual([0, 1, 2]);
    // What was read is read after; what was appended is read again, with the time it was recorded.
    expect(recent.readAfter('a')).toBe(1);
    recent.appended('a', { ...three!, revision: 4 });
    expect(recent.recall('a')).toBeNull();
    recent.appended('b', stream('b', 1)[0]!);
    expect(recent.recall('b')).toHaveLength(1);
    recent.appended('b', null);
    expect(recent.recall('b')).toBeNull();
  });

  it('counts appended events against its limits', () => {
    const recent = new RecentStreams({ maxEvents: 100, maxStreamEvents: 2 });
    const events = stream('a', 3);
    recent.remember('a', events.slice(0, 2));
    recent.appended('a', events[2]!);
    expect(recent.recall('a')).toBeNull();
    expect(recent.recall('a', true)?.map((event) => event.revision)).toEqual([2]);
  });
});
