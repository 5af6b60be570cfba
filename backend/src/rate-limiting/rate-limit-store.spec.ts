import { describe, expect, it } from '@jest/globals';
import { InMemoryRateLimitStore } from './rate-limit-store.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12) + seconds * 1000);
const minute = { bucket: 'per-minute', windowSeconds: 60 };
const short = { bucket: 'short', windowSeconds: 10 };
const long = { bucket: 'long', windowSeconds: 600 };

describe('InMemoryRateLimitStore', () => {
  it('counts the hits of a window per bucket and subject, and starts anew once it has ended', async () => {
    const store = new InMemoryRateLimitStore();
    expect(await store.hit(minute, 'network-a', at(0))).toEqual({ count: 1, resetInSeconds: 60 });
    expect(await store.hit(minute, 'network-a', at(15))).toEqual({ count: 2, resetInSeconds: 45 });
    expect(await store.hit(minute, 'network-b', at(15))).toEqual({ count: 1, resetInSeconds: 60 });
    expect(await store.hit(short, 'network-a', at(15))).toEqual({ count: 1, resetInSeconds: 10 });
    expect(await store.hit(minute, 'network-a', at(60))).toEqual({ count: 1, resetInSeconds: 60 });
  });

  it('takes back a hit of the running window only', async () => {
    const store = new InMemoryRateLimitStore();
    await store.hit(minute, 'network-a', at(0));
    await store.hit(minute, 'network-a', at(1));
    await store.undo(minute, 'network-a', at(2));
    expect(await store.hit(minute, 'network-a', at(3))).toMatchObject({ count: 2 });
    await store.undo(minute, 'network-a', at(61));
    expect(await store.hit(minute, 'network-a', at(61))).toMatchObject({ count: 1 });
  });

  it('forgets ended windows as time passes, whatever their lengths, and keeps running ones', async () => {
    const store = new InMemoryRateLimitStore();
    for (let network = 0; network < 3000; network += 1) await store.hit(short, `network-${network}`, at(network / 300));
    for (let network = 0; network < 1000; network += 1) await store.hit(long, `network-${network}`, at(network / 100));
    expect(store.size).toBe(4000);

    await store.hit(short, 'late', at(15));
    // The 1,501 short windows begun by 5 s have ended at 15 s; every long one runs.
    expect(store.size).toBe(3000 - 1501 + 1000 + 1);
    for (let network = 0; network < 3000; network += 1)
      expect(await store.hit(short, `network-${network}`, at(15))).toMatchObject({ count: network <= 1500 ? 1 : 2 });
    // A bucket no longer hit forgets its ended windows too.
    await store.hit(short, 'later', at(700));
    expect(store.size).toBe(1);
  });

  it('keeps a subject whose ended window was replaced by a running one', async () => {
    const store = new InMemoryRateLimitStore();
    await store.hit(short, 'network-a', at(0));
    await store.hit(short, 'network-a', at(12));
    await store.hit(short, 'network-b', at(13));
    expect(await store.hit(short, 'network-a', at(14))).toEqual({ count: 2, resetInSeconds: 8 });
  });

  it('starts a new window for a subject whose window ended while queued behind one begun before the clock was set back', async () => {
    const store = new InMemoryRateLimitStore();
    await store.hit(short, 'network-a', at(30));
    await store.hit(short, 'network-b', at(0));
    expect(await store.hit(short, 'network-b', at(35))).toEqual({ count: 1, resetInSeconds: 10 });
    // Forgetting network-b's first window, once network-a's has ended, keeps its second.
    expect(await store.hit(short, 'network-b', at(41))).toEqual({ count: 2, resetInSeconds: 4 });
  });
});
