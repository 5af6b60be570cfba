import { describe, expect, it } from '@jest/globals';
import { TurnBatch } from './turn-batch.js';

describe('TurnBatch', () => {
  it('answers the requests of one turn with one call, each its own answer', async () => {
    const calls: number[][] = [];
    const doubled = new TurnBatch(async (requests: readonly number[]) => {
      calls.push([...requests]);
      return requests.map((n) => n * 2);
    });
    const answers = await Promise.all([doubled.ask(1), doubled.ask(2), doubled.ask(3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await doubled.ask(4)).toBe(8);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('takes requests made while a call is on its way into the next call', async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const batch = new TurnBatch(async (requests: readonly number[]) => {
      calls.push([...requests]);
      if (calls.length === 1) await held;
      return requests;
    });
    const first = batch.ask(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batch.ask(2), batch.ask(3)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it('fails every request of a call that fails, and serves the next turn afresh', async () => {
    let fail = true;
    const batch = new TurnBatch(async (requests: readonly string[]) => {
      if (fail) throw new Error('database gone');
      return requests.map((request) => request.toUpperCase());
    });
    const outcomes = await Promise.allSettled([batch.ask('a'), batch.ask('b')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batch.ask('c')).toBe('C');
  });
});
