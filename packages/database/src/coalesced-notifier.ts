import type { Database } from './database.js';

/**
 * Sends NOTIFY on a channel at most once per interval: signals raised in between share the next
 * one. Each NOTIFY is a transaction of its own, with a transaction id and a commit record; sent
 * for every signal under load, they would cost about as much as the work they announce.
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

type Shared = { notifier: CoalescedNotifier; users: number };
const shared = new WeakMap<Database, Map<string, Shared>>();

/**
 * The notifier of `channel` on `db` that every component of this process shares, so that their
 * signals share NOTIFYs too (the payload is empty). The last of them to close it closes it.
 */
export function sharedNotifier(db: Database, channel: string): { signal(): void; close(): void } {
  let channels = shared.get(db);
  if (!channels) shared.set(db, (channels = new Map()));
  let entry = channels.get(channel);
  if (!entry) channels.set(channel, (entry = { notifier: new CoalescedNotifier(db, channel), users: 0 }));
  const used = entry;
  used.users += 1;
  let closed = false;
  return {
    signal: () => {
      if (!closed) used.notifier.signal();
    },
    close: () => {
      if (closed) return;
      closed = true;
      used.users -= 1;
      if (used.users > 0) return;
      used.notifier.close();
      channels.delete(channel);
    },
  };
}
