import { describe, expect, it } from '@jest/globals';
import { inBatches } from './batches.js';

async function* ready(values: number[]) {
  for (const value of values) yield value;
}

async function* withPauses() {
  yield 1;
  yield 2;
  await new Promise((resolve) => setTimeout(resolve, 20));
  yield 3;
}

/** Items at 0, 5 and 300 ms. */
async function* spread() {
  yield 1;
  await new Promise((resolve) => setTimeout(resolve, 5));
  yield 2;
  await new Promise((resolve) => setTimeout(resolve, 300));
  yield 3;
}

async function all<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('inBatches', () => {
  it('groups ready items up to the maximum size', async () => {
    expect(await all(inBatches(ready([1, 2, 3, 4, 5]), 2))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('ends a batch when the source has nothing ready, without losing the next item', async () => {
    expect(await all(inBatches(withPauses(), 10))).toEqual([[1, 2], [3]]);
  });

  it('with a time to gather, waits that long after a batch begins for more, and no longer', async () => {
    expect(await all(inBatches(spread(), 10))).toEqual([[1], [2], [3]]);
    expect(await all(inBatches(spread(), 10, 100))).toEqual([[1, 2], [3]]);
  });

  it('gathers no more than the maximum size', async () => {
    expect(await all(inBatches(ready([1, 2, 3]), 2, 100))).toEqual([[1, 2], [3]]);
  });

  it('yields nothing for an empty source', async () => {
    expect(await all(inBatches(ready([]), 3))).toEqual([]);
  });
});
