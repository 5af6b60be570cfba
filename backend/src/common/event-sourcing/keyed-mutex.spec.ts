import { describe, expect, it } from '@jest/globals';
import { KeyedMutex } from './keyed-mutex.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedMutex', () => {
  it('runs work on a shared key one at a time, in arrival order', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const job = (name: string, keys: string[]) =>
      mutex.run(keys, async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
      });
    await Promise.all([job('a', ['x']), job('b', ['x', 'y']), job('c', ['y'])]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets work on different keys overlap', async () => {
    const mutex = new KeyedMutex();
    let running = 0;
    let most = 0;
    const job = (key: string) =>
      mutex.run([key], async () => {
        most = Math.max(most, ++running);
        await tick();
        running--;
      });
    await Promise.all([job('a'), job('b'), job('c')]);
    expect(most).toBe(3);
  });

  it('releases the keys when work fails', async () => {
    const mutex = new KeyedMutex();
    await expect(mutex.run(['k'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(mutex.run(['k'], async () => 'next')).resolves.toBe('next');
  });
});
