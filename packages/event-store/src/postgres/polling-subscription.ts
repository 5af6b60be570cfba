import type { EventEmitter } from 'node:events';
import type { Position, RecordedEvent, Subscription } from '../event-store.js';

type Options = {
  after: Position | null;
  pageSize: number;
  readBatch: (after: Position | null, maxCount: number) => Promise<{ events: RecordedEvent[]; blocked: boolean }>;
  /** Emits 'appended' whenever new events may be readable. */
  appended: EventEmitter;
  pollIntervalMs: number;
  horizonRetryMs: number;
  onClose: (subscription: PollingSubscription) => void;
};

/**
 * Reads "all" page by page from a checkpoint; when caught up it sleeps until an append is
 * announced or the poll interval passes. Each event is yielded once, in log order. A page that
 * is not full held everything readable when it was read: the next read waits for news of an
 * append (one announced since that read began counts), where reading at once would mostly find
 * nothing.
 */
export class PollingSubscription implements Subscription {
  private closed = false;
  private wake: (() => void) | null = null;
  private pendingWake = false;
  private readonly onAppended = () => {
    this.pendingWake = true;
    this.wake?.();
  };

  constructor(private readonly options: Options) {
    options.appended.on('appended', this.onAppended);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    let after = this.options.after;
    try {
      while (!this.closed) {
        this.pendingWake = false;
        const { pageSize, horizonRetryMs, pollIntervalMs } = this.options;
        const { events, blocked } = await this.options.readBatch(after, pageSize);
        for (const event of events) {
          if (this.closed) return;
          yield event;
          after = event.position;
        }
        if (events.length >= pageSize) continue;
        await this.sleep(blocked ? horizonRetryMs : pollIntervalMs);
      }
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.options.appended.off('appended', this.onAppended);
    this.wake?.();
    this.options.onClose(this);
  }

  private sleep(ms: number): Promise<void> {
    // An append announced while the last page was being read must not be slept through.
    if (this.pendingWake) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}
