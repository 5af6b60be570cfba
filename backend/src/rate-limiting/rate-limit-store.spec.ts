import { describe, expect, it } from '@jest/globals';
import { InMemoryRateLimitStore } from './rate-limit-store.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12) + seconds * 1000);

describe('InMemoryRateLimitStore', () => {
  it('counts the hits of a window, and starts anew once it has ended', async () => {
    const store = new InMemoryRateLimitStore();
    expect(await store.hit('network-a', 60, at(0))).toEqual({ count: 1, resetInSeconds: 60 });
    expect(await store.hit('network-a', 60, at(15))).toEqual({ count: 2, resetInSeconds: 45 });
    expect(await store.hit('network-b', 60, at(15))).toEqual({ count: 1, resetInSeconds: 60 });
    expect(await store.hit('network-a', 60, at(60))).toEqual({ count: 1, resetInSeconds: 60 });
  });

  it('takes back a hit of the running window only', async () => {
    const store = new InMemoryRateLimitStore();
    await store.hit('network-a', 60, at(0));
    await store.hit('network-a', 60, at(1));
    await store.undo('network-a', at(2));
    expect(await store.hit('network-a', 60, at(3))).toMatchObject({ count: 2 });
    await store.undo('network-a', at(61));
    expect(await store.hit('network-a', 60, at(61))).toMatchObject({ count: 1 });
  });

  it('forgets ended windows as time passes, whatever their lengths, and keeps running ones', async () => {
    const store = new InMemoryRateLimitStore();
    for (let network = 0; network < 1000; network += 1) await store.hit(`short-${network}`, 10, at(network / 100));
    for (let network = 0; network < 1000; network += 1) await store.hit(`long-${network}`, 600, at(network / 100));
    expect(store.size).toBe(2000);

    await store.hit('late', 10, at(15));
    // The 501 short windows begun by 5 s have ended at 15 s; every long one runs.
    expect(store.size).toBe(1000 - 501 + 1000 + 1);
    await store.hit('later', 10, at(700));
    expect(store.size).toBe(1);
  });

  it('keeps a key whose ended window was replaced by a running one', async () => {
    const store = new InMemoryRateLimitStore();
    await store.hit('network-a', 10, at(0));
    await store.hit('network-a', 10, at(12));
    await store.hit('network-b', 10, at(13));
    expect(await store.hit('network-a', 10, at(14))).toEqual({ count: 2, resetInSeconds: 8 });
  });
});
