import { describe, expect, it } from '@jest/globals';
import { EventBudget } from './event-budget.js';

const budget = { burst: 5, perSecond: 10, closeAtDebt: 20 };

describe('EventBudget', () => {
  it('spends its burst at once, then drops, then closes once the debt reaches its mark', () => {
    const events = new EventBudget(budget, 0);
    const draws = Array.from({ length: 25 }, () => events.draw(0));
    expect(draws.slice(0, 5)).toEqual(Array(5).fill('spent'));
    expect(draws.slice(5, 24)).toEqual(Array(19).fill('dropped'));
    expect(draws[24]).toBe('close');
  });

  it('refills at its rate, up to its burst, and pays a debt back', () => {
    const events = new EventBudget(budget, 0);
    for (let n = 0; n < 10; n += 1) events.draw(0);
    // 5 spent, 5 dropped: a debt of 5, which half a second pays back.
    expect(events.draw(500)).toBe('dropped');
    expect(events.draw(700)).toBe('spent');
    // Ten seconds of quiet refill the burst, and no more.
    const later = Array.from({ length: 6 }, () => events.draw(10_700));
    expect(later).toEqual([...Array(5).fill('spent'), 'dropped']);
  });

  it('lets a steady sender under its rate go on for ever', () => {
    const events = new EventBudget(budget, 0);
    const draws = Array.from({ length: 1000 }, (_, n) => events.draw(n * 110));
    expect(new Set(draws)).toEqual(new Set(['spent']));
  });
});
