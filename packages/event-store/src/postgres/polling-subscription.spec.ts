import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import type { Position, RecordedEvent } from '../event-store.js';
import { PollingSubscription } from './polling-subscription.js';

const event = (n: number): RecordedEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  streamId: 'stream',
  revision: n - 1,
  type: 'Happened',
  data: {},
  metadata: {},
  position: { commit: BigInt(n), prepare: BigInt(n) },
  recordedAt: new Date(0),
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Runs `check` on a log of `stored` events read by a subscription of page size 3 that never polls
 * on its own, and closes the subscription afterwards.
 */
async function withSubscriptionOver(stored: RecordedEvent[], check: (over: SubscriptionOver) => Promise<void>) {
  const appended = new EventEmitter();
  const reads: (Position | null)[] = [];
  const subscription = new PollingSubscription({
    after: null,
    pageSize: 3,
    readBatch: async (after, maxCount) => {
      reads.push(after);
      const events = stored.filter((e) => !after || e.position.commit > after.commit).slice(0, maxCount);
      return { events, blocked: false };
    },
    appended,
    pollIntervalMs: 60_000,
    horizonRetryMs: 60_000,
    onClose: () => undefined,
  });
  const seen: number[] = [];
  const consuming = (async () => {
    for await (const received of subscription) seen.push(received.revision + 1);
  })();
  try {
    await check({ appended, reads, seen, subscription });
  } finally {
    await subscription.close();
    await consuming;
  }
}

type SubscriptionOver = Readonly<{
  appended: EventEmitter;
  reads: (Position | null)[];
  seen: number[];
  subscription: PollingSubscription;
}>;

describe('PollingSubscription', () => {
  it('reads again at once after a full page, and waits for news of an append after one that is not', async () => {
    const stored = [1, 2, 3, 4].map(event);
    await withSubscriptionOver(stored, async ({ appended, reads, seen }) => {
      await settle();
      // A full page (1 to 3), then 4 alone: nothing more was readable, so no third read yet.
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(reads).toHaveLength(2);

      stored.push(event(5));
      appended.emit('appended');
      await settle();
      expect(seen).toEqual([1, 2, 3, 4, 5]);
      expect(reads).toHaveLength(3);
    });
  });

  it('reads again at once when an append was announced while it read or handed out a page', async () => {
    const stored = [event(1)];
    await withSubscriptionOver(stored, async ({ appended, reads, seen }) => {
      // Announced before the first read answers: that read may have missed it.
      stored.push(event(2));
      appended.emit('appended');
      await settle();
      expect(seen).toEqual([1, 2]);
      expect(reads).toHaveLength(2);
    });
  });

  it('takes the page an append read for it instead of reading, and hears no news from that append', async () => {
    const stored = [event(1)];
    await withSubscriptionOver(stored, async ({ appended, reads, seen, subscription }) => {
      await settle();
      const claim = subscription.claimNextPage();
      expect(claim).toEqual({ after: event(1).position, maxCount: 3 });
      // Claimed once: a second append cannot claim the same page.
      expect(subscription.claimNextPage()).toBeNull();
      stored.push(event(2));
      subscription.deliver({ events: [event(2)], blocked: false });
      appended.emit('appended', new Set([subscription]));
      await settle();
      expect(seen).toEqual([1, 2]);
      expect(reads).toHaveLength(1);
    });
  });

  it('reads after a delivered page when news came meanwhile, or when the page was held back or not read', async () => {
    const stored = [event(1)];
    await withSubscriptionOver(stored, async ({ appended, reads, seen, subscription }) => {
      await settle();
      subscription.claimNextPage();
      stored.push(event(2), event(3));
      // News from elsewhere while the claimed page is on its way: the page may not hold it.
      appended.emit('appended');
      await settle();
      expect(reads).toHaveLength(1);
      subscription.deliver({ events: [event(2)], blocked: false });
      await settle();
      expect(seen).toEqual([1, 2, 3]);
      expect(reads).toHaveLength(2);

      subscription.claimNextPage();
      stored.push(event(4));
      subscription.deliver({ events: [], blocked: true });
      await settle();
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(reads).toHaveLength(3);

      subscription.claimNextPage();
      stored.push(event(5));
      subscription.deliver(null);
      await settle();
      expect(seen).toEqual([1, 2, 3, 4, 5]);
      expect(reads).toHaveLength(4);
    });
  });

  it('leaves its page to its own read while that read is on its way', async () => {
    const stored = [event(1)];
    await withSubscriptionOver(stored, async ({ subscription }) => {
      // The first read is on its way as soon as the subscription is consumed.
      expect(subscription.claimNextPage()).toBeNull();
      await settle();
      expect(subscription.claimNextPage()).not.toBeNull();
    });
  });
});
