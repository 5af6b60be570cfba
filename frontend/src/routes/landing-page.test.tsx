import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { dailyLimitApi } from '../features/daily-limit/api';
import { renderRoute } from '../testing/render';

/** Answers the daily-limit call with `reply`; every other call gets a 404. */
function stubDailyLimit(reply: () => Response) {
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) =>
      new URL((input as Request).url).pathname === '/api/daily-limit' ? reply() : new Response(null, { status: 404 }),
    );
}

const selectDailyLimit = dailyLimitApi.endpoints.getDailyLimit.select();

function dailyLimitCard() {
  return {
    remaining: screen.getByTestId('limit-remaining'),
    used: screen.getByTestId('limit-used'),
    bar: screen.getByRole('progressbar', { name: 'Confessions used today' }),
  };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('landing page daily-limit counters', () => {
  it.each([
    { remaining: 2, used: 3, width: '60%' },
    { remaining: 0, used: 5, width: '100%' },
  ])('shows the server figures $remaining remaining / $used used', async ({ remaining, used, width }) => {
    stubDailyLimit(() =>
      Response.json({ remaining, used, resetsAt: '2030-01-01T00:00:00Z', chat: { remaining: 1, used: 0 } }),
    );
    renderRoute('/');

    await waitFor(() => expect(screen.getByTestId('hero-remaining')).toHaveTextContent(String(remaining)));
    const card = dailyLimitCard();
    expect(card.remaining).toHaveTextContent(String(remaining));
    expect(card.used).toHaveTextContent(String(used));
    expect(card.bar).toHaveAttribute('aria-valuenow', String(used));
    expect(card.bar.firstElementChild).toHaveStyle({ width });
  });

  it.each([
    ['a 500 answer', () => new Response('boom', { status: 500 })],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('falls back to 5 in the hero and 3 remaining / 2 used in the card after %s', async (_label, reply) => {
    stubDailyLimit(reply);
    const { store } = renderRoute('/');
    // Until the call has failed, the hero shows no figure at all, never a 5 that may be wrong.
    expect(screen.getByTestId('hero-remaining')).toHaveTextContent('');

    await waitFor(() => expect(selectDailyLimit(store.getState()).isError).toBe(true));
    expect(screen.getByTestId('hero-remaining')).toHaveTextContent('5');
    const card = dailyLimitCard();
    expect(card.remaining).toHaveTextContent('3');
    expect(card.used).toHaveTextContent('2');
    expect(card.bar).toHaveAttribute('aria-valuenow', '2');
  });
});
