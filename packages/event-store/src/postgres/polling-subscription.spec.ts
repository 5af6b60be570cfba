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

/** A log of `stored` events read by a subscription of page size 3 that never polls on its own. */
function subscriptionOver(stored: RecordedEvent[]) {
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
  return { appended, reads, seen, stop: () => subscription.close().then(() => consuming) };
}

describe('PollingSubscription', () => {
  it('reads again at once after a full page, and waits for news of an append after one that is not', async () => {
    const stored = [1, 2, 3, 4].map(event);
    const { appended, reads, seen, stop } = subscriptionOver(stored);
    try {
      await settle();
      // A full page (1 to 3), then 4 alone: nothing more was readable, so no third read yet.
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(reads).toHaveLength(2);

      stored.push(event(5));
      appended.emit('appended');
      await settle();
      expect(seen).toEqual([1, 2, 3, 4, 5]);
      expect(reads).toHaveLength(3);
    } finally {
      await stop();
    }
  });

  it('reads again at once when an append was announced while it read or handed out a page', async () => {
    const stored = [event(1)];
    const { appended, reads, seen, stop } = subscriptionOver(stored);
    try {
      // Announced before the first read answers: that read may have missed it.
      stored.push(event(2));
      appended.emit('appended');
      await settle();
      expect(seen).toEqual([1, 2]);
      expect(reads).toHaveLength(2);
    } finally {
      await stop();
    }
  });
});
