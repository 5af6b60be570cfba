import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ConfessionItem } from '@secretchatbox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { acceptedAnswer, fakeServer, keyOf, uuidPattern } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import type { FeedFilters } from '../api/confessions';
import { ConfessionFeed } from './confession-feed';

const confession = (id: string, overrides: Partial<ConfessionItem> = {}): ConfessionItem => ({
  id,
  content: `Confession ${id} about the campus pond ducks`,
  category: 'funny',
  nickname: null,
  collegeCode: 'C001',
  likes: 2,
  commentCount: 0,
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  liked: false,
  reported: false,
  ...overrides,
});

const filters: FeedFilters = { collegeCode: 'C001', category: null, q: '', sort: 'newest' };
const page = (items: ConfessionItem[], nextCursor: string | null = null) => Response.json({ items, nextCursor });

beforeEach(() => localStorage.setItem('sessionToken', 'token-1'));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('ConfessionFeed', () => {
  it('shows the first confession as Daily Featured, then the ad, then the others, content as plain text', async () => {
    const markup = '<img src=x onerror="alert(1)"> <b>bold</b>';
    fakeServer({
      'GET /api/confessions': () =>
        page([confession('a', { nickname: 'Quack' }), confession('b', { content: markup })]),
    });
    renderWithStore(<ConfessionFeed filters={filters} />);
    const featured = await screen.findByRole('region', { name: 'Daily Featured' });
    expect(within(featured).getByText('Most popular today', { exact: false })).toBeInTheDocument();
    expect(within(featured).getByText('@Quack')).toBeInTheDocument();
    expect(within(featured).getByText('3h ago')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
    const others = screen.getByRole('list', { name: 'Confessions' });
    expect(within(others).getByText(markup)).toBeInTheDocument();
    expect(within(others).getByText('Anonymous User')).toBeInTheDocument();
    expect(document.querySelector('[data-testid="confession"] img, [data-testid="confession"] b')).toBeNull();
  });

  it('keeps the board it shows until both the filtered list and its Daily Featured have come', async () => {
    const pond = confession('pond', { category: 'secrets', likes: 9 });
    const exam = confession('exam', { category: 'academic', content: 'Confession exam about the reading room' });
    const academic = (request: Request) => new URL(request.url).searchParams.get('category') === 'academic';
    let featureExam: ((answer: Response) => void) | undefined;
    const { calls } = fakeServer({
      'GET /api/confessions': (request) => page(academic(request) ? [exam] : [pond]),
      'GET /api/confessions/featured': (request) =>
        academic(request) ? new Promise((resolve) => (featureExam = resolve)) : Response.json({ item: pond }),
    });
    const { store, rerender } = renderWithStore(<ConfessionFeed filters={filters} />);
    const featured = () => screen.getByRole('region', { name: 'Daily Featured' });
    await waitFor(() => expect(within(featured()).getByText(pond.content)).toBeInTheDocument());

    rerender(
      <Provider store={store}>
        <ConfessionFeed filters={{ ...filters, category: 'academic' }} />
      </Provider>,
    );
    await waitFor(() => expect(featureExam).toBeDefined());
    await waitFor(() => expect(calls.filter((call) => call.query.get('category') === 'academic')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The academic list has come, its Featured not: the board before stays whole.
    expect(within(featured()).getByText(pond.content)).toBeInTheDocument();
    expect(screen.queryByText(exam.content)).toBeNull();

    featureExam!(Response.json({ item: exam }));
    await waitFor(() => expect(within(featured()).getByText(exam.content)).toBeInTheDocument());
    expect(screen.queryByText(pond.content)).toBeNull();
  });

  it('gives an unknown category a neutral badge instead of failing', async () => {
    fakeServer({ 'GET /api/confessions': () => page([confession('a', { category: 'gossip' })]) });
    renderWithStore(<ConfessionFeed filters={filters} />);
    expect(await screen.findByText('Gossip')).toBeInTheDocument();
  });

  it.each([
    [filters, 'Be the first to share a confession!'],
    [{ ...filters, q: 'zeppelin' }, 'Try adjusting your search or filters'],
    [{ ...filters, category: 'crush' as const }, 'Try adjusting your search or filters'],
  ])('says what to do when nothing is found (%o)', async (shown, hint) => {
    fakeServer({ 'GET /api/confessions': () => page([]) });
    renderWithStore(<ConfessionFeed filters={shown} />);
    expect(await screen.findByText('No confessions found')).toBeInTheDocument();
    expect(screen.getByText(hint)).toBeInTheDocument();
  });

  it('says when the feed cannot be fetched', async () => {
    fakeServer({ 'GET /api/confessions': () => new Response('down', { status: 503 }) });
    renderWithStore(<ConfessionFeed filters={filters} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch confessions');
  });

  it('asks for the next page with the cursor of the last one', async () => {
    const { calls } = fakeServer({
      'GET /api/confessions': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'next-1'
          ? page([confession('c')])
          : page([confession('a'), confession('b')], 'next-1'),
    });
    renderWithStore(<ConfessionFeed filters={{ ...filters, sort: 'popular', q: ' ducks ' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more confessions' }));
    expect(await screen.findByText('Confession c about the campus pond ducks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more confessions' })).not.toBeInTheDocument();
    const [first, second] = calls;
    expect(first!.headers.get('x-session-token')).toBe('token-1');
    expect(Object.fromEntries(first!.query)).toEqual({ collegeCode: 'C001', sort: 'popular', q: 'ducks' });
    expect(Object.fromEntries(second!.query)).toEqual({
      collegeCode: 'C001',
      sort: 'popular',
      q: 'ducks',
      cursor: 'next-1',
    });
  });

  it('likes at once, and undoes the like and says so when the server refuses it', async () => {
    let answer: (response: Response) => void = () => {};
    fakeServer({
      'GET /api/confessions': () => page([confession('a')]),
      'POST /api/confessions/a/like': () => new Promise((resolve) => (answer = resolve)),
    });
    const { store } = renderWithStore(<ConfessionFeed filters={filters} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Like (2)' }));
    const pressed = await screen.findByRole('button', { name: 'Unlike (3)' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toBeDisabled();
    expect(screen.getByText('3 points')).toBeInTheDocument();
    answer(new Response('down', { status: 503 }));
    expect(await screen.findByRole('button', { name: 'Like (2)' })).toBeEnabled();
    expect(screen.getByText('2 points')).toBeInTheDocument();
    expect(store.getState().notifications.items[0]).toMatchObject({ title: 'Failed to like confession' });
  });

  it("takes the server's count when it differs from the guess", async () => {
    fakeServer({
      'GET /api/confessions': () => page([confession('a')]),
      'POST /api/confessions/a/like': () => Response.json({ liked: true, likes: 7 }),
    });
    renderWithStore(<ConfessionFeed filters={filters} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Like (2)' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unlike (7)' })).toBeEnabled());
  });

  it('keeps the like the server saved but cannot show yet (202), and reloads the feed a moment later', async () => {
    let feedReads = 0;
    const { calls } = fakeServer({
      'GET /api/confessions': () => page([confession('a', feedReads++ === 0 ? {} : { likes: 3, liked: true })]),
      'POST /api/confessions/a/like': () => acceptedAnswer({ id: 'a' }),
    });
    // The feed is read again 1.5 s later: the test's waits move the clock on instead of waiting.
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithStore(<ConfessionFeed filters={filters} />);
    await user.click(await screen.findByRole('button', { name: 'Like (2)' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unlike (3)' })).toBeEnabled());
    expect(feedReads).toBe(1);
    await waitFor(() => expect(feedReads).toBe(2), { timeout: 2000 });
    expect(screen.getByRole('button', { name: 'Unlike (3)' })).toBeEnabled();
    expect(keyOf(calls.find((call) => call.method === 'POST')!)).toMatch(uuidPattern);
  });
});
