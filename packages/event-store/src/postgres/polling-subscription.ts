import type { EventEmitter } from 'node:events';
import type { Position, RecordedEvent, Subscription } from '../event-store.js';

/** A page of "all": `blocked` says that committed events lie beyond it, behind an appending transaction still open. */
export type ReadPage = Readonly<{ events: RecordedEvent[]; blocked: boolean }>;

/**
 * A subscription that may take its next page from someone else's read: a group commit reads it
 * in the same round trip as its append (AppendGroups).
 */
export interface PageReader {
  /**
   * Where the next page starts and how long it may be, when the subscription is waiting for news
   * of an append; it then waits for `deliver` instead of reading. Null when it is busy.
   */
  claimNextPage(): Readonly<{ after: Position | null; maxCount: number }> | null;
  /** The page claimed, or null when it could not be read: the subscription then reads it itself. */
  deliver(page: ReadPage | null): void;
}

type Options = {
  after: Position | null;
  pageSize: number;
  readBatch: (after: Position | null, maxCount: number) => Promise<ReadPage>;
  /** Emits 'appended' whenever new events may be readable, with the readers already handed them, if any. */
  appended: EventEmitter;
  pollIntervalMs: number;
  horizonRetryMs: number;
  onClose: (subscription: PollingSubscription) => void;
};

/** How many pages read ahead of the consumer a subscription takes from appends; past that, it reads on demand. */
const maxPagesAhead = 4;

/**
 * Reads "all" page by page from a checkpoint; when caught up it sleeps until an append is
 * announced or the poll interval passes. Each event is yielded once, in log order. A page that
 * is not full held everything readable when it was read: the next read waits for news of an
 * append (one announced since that read began counts), where reading at once would mostly find
 * nothing. Unless a read of its own is on its way, an append may claim its next page and hand
 * it over (`PageReader`); pages are read ahead of the events handed out, a few at most.
 */
export class PollingSubscription implements Subscription, PageReader {
  private closed = false;
  /** Where the next page starts: after the last page read, whether handed out yet or not. */
  private readAfter: Position | null;
  private readonly pages: ReadPage[] = [];
  /** News of an append since the last read began, a full last page, or a poll due: read before sleeping. */
  private mustRead = true;
  private reading = false;
  private claimed = false;
  private pollMs: number;
  private sleeping: (() => void) | null = null;
  private readonly onAppended = (fed?: ReadonlySet<PageReader>) => {
    // An append that handed this subscription its page, read after the append, brings no news.
    if (fed?.has(this)) return;
    this.mustRead = true;
    this.sleeping?.();
  };

  constructor(private readonly options: Options) {
    this.readAfter = options.after;
    this.pollMs = options.pollIntervalMs;
    options.appended.on('appended', this.onAppended);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    try {
      while (!this.closed) {
        const page = this.pages.shift();
        if (page) {
          for (const event of page.events) {
            if (this.closed) return;
            yield event;
          }
        } else if (this.mustRead && !this.claimed) {
          await this.read();
        } else {
          await this.sleep();
        }
      }
    } finally {
      await this.close();
    }
  }

  claimNextPage(): Readonly<{ after: Position | null; maxCount: number }> | null {
    if (this.closed || this.reading || this.claimed || this.pages.length >= maxPagesAhead) return null;
    this.claimed = true;
    return { after: this.readAfter, maxCount: this.options.pageSize };
  }

  deliver(page: ReadPage | null): void {
    if (!this.claimed) return;
    this.claimed = false;
    if (page) this.accept(page);
    // A page held back by the append's own transaction, or not read, is read again at once.
    if (!page || page.blocked) this.mustRead = true;
    this.sleeping?.();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.options.appended.off('appended', this.onAppended);
    this.sleeping?.();
    this.options.onClose(this);
  }

  /** A read of its own sees every append announced before it began. */
  private async read(): Promise<void> {
    this.mustRead = false;
    this.reading = true;
    try {
      this.accept(await this.options.readBatch(this.readAfter, this.options.pageSize));
    } finally {
      this.reading = false;
    }
  }

  private accept(page: ReadPage): void {
    this.pollMs = page.blocked ? this.options.horizonRetryMs : this.options.pollIntervalMs;
    const last = page.events.at(-1);
    if (!last) return;
    this.readAfter = last.position;
    this.pages.push(page);
    if (page.events.length >= this.options.pageSize) this.mustRead = true;
  }

  /** Until news, a page delivered, the poll due, or the end. */
  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.mustRead = true;
        this.sleeping?.();
      }, this.pollMs);
      this.sleeping = () => {
        clearTimeout(timer);
        this.sleeping = null;
        resolve();
      };
    });
  }
}
