import type { Database } from '@secretchatbox/database';

const idle = Symbol('idle');
const nextTurn = () => new Promise<typeof idle>((resolve) => setImmediate(() => resolve(idle)));

/**
 * How long a batch of the projections or the audit chain waits for more events after its first.
 * On PGlite, each batch is a call that holds the one thread the requests need, and under load one
 * batch followed each group of appends: gathered for 4 ms, a batch applies several groups' events
 * for nearly the cost of one (docs/decisions/036-embedded-batches-gathered.md). On a PostgreSQL
 * server a batch runs in PostgreSQL's processes, and a submission's answer waits for it: there a
 * batch waits for nothing.
 */
export const gatherMsOn = (db: Database): number => (db.kind === 'pglite' ? 4 : 0);

/**
 * Groups what a source has ready into arrays of at most `maxSize`: a batch ends when the next
 * item is not available within the current turn of the event loop, so nothing waits for a batch
 * to fill; with `gatherMs`, not before that long after its first item.
 */
export async function* inBatches<T>(source: AsyncIterable<T>, maxSize: number, gatherMs = 0): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    while (true) {
      const first = await (pending ?? iterator.next());
      pending = null;
      if (first.done) return;
      const batch = [first.value];
      // Once its time to gather ends, the batch takes only what is ready at once.
      const gatheringEnds =
        gatherMs > 0 ? new Promise<typeof idle>((resolve) => (timer = setTimeout(resolve, gatherMs, idle))) : null;
      while (batch.length < maxSize) {
        pending = iterator.next();
        const next = await Promise.race([pending, gatheringEnds ?? nextTurn()]);
        if (next === idle) break;
        pending = null;
        if (next.done) {
          yield batch;
          return;
        }
        batch.push(next.value);
      }
      clearTimeout(timer);
      yield batch;
    }
  } finally {
    clearTimeout(timer);
    await iterator.return?.();
  }
}
