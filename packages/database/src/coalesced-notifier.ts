import type { Database } from './database.js';

/**
 * Sends NOTIFY on a channel at most once per interval: signals raised in between share the next
 * one. Each NOTIFY is a transaction of its own, with a transaction id and a WAL flush; sent for
 * every signal under load, they would cost about as much as the work they announce.
 */
export class CoalescedNotifier {
  private busy = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly channel: string,
    private readonly payload = '',
    private readonly minIntervalMs = 5,
  ) {}

  signal(): void {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    void this.db
      .notify(this.channel, this.payload)
      .catch(() => undefined)
      .finally(() => {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.busy = false;
          if (this.again) {
            this.again = false;
            this.signal();
          }
        }, this.minIntervalMs).unref();
      });
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.again = false;
  }
}
