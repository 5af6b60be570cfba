/**
 * Runs work for the same keys one at a time in this process. Commands on one stream then queue
 * here instead of racing to the store and retrying; other processes still race, and retry.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const ordered = [...new Set(keys)].sort();
    const previous = ordered.map((key) => this.tails.get(key) ?? Promise.resolve());
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    for (const key of ordered) this.tails.set(key, done);
    try {
      await Promise.all(previous);
      return await work();
    } finally {
      release();
      for (const key of ordered) if (this.tails.get(key) === done) this.tails.delete(key);
    }
  }
}
