const idle = Symbol('idle');
const nextTurn = () => new Promise<typeof idle>((resolve) => setImmediate(() => resolve(idle)));

/**
 * Groups what a source has ready into arrays of at most `maxSize`: a batch ends when the next
 * item is not available within the current turn of the event loop, so nothing waits for a
 * batch to fill.
 */
export async function* inBatches<T>(source: AsyncIterable<T>, maxSize: number): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = null;
  try {
    while (true) {
      const first = await (pending ?? iterator.next());
      pending = null;
      if (first.done) return;
      const batch = [first.value];
      while (batch.length < maxSize) {
        pending = iterator.next();
        const next = await Promise.race([pending, nextTurn()]);
        if (next === idle) break;
        pending = null;
        if (next.done) {
          yield batch;
          return;
        }
        batch.push(next.value);
      }
      yield batch;
    }
  } finally {
    await iterator.return?.();
  }
}
