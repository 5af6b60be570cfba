import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  acceptedAnswer,
  errorAnswer,
  fakeServer,
  keyOf,
  networkFailure,
  uuidPattern,
} from '../../../testing/fake-server';
import { enterText } from '../../../testing/enter-text';
import { renderWithStore } from '../../../testing/render';
import { ConfessionForm } from './confession-form';

const content = 'The vending machine on floor two owes me three dollars';

async function fillAndSubmit() {
  await userEvent.click(screen.getByRole('button', { name: "What's on your mind? Share anonymously..." }));
  await userEvent.selectOptions(await screen.findByLabelText('Category'), 'funny');
  await enterText(screen.getByLabelText('Your confession'), content);
  await userEvent.click(screen.getByRole('button', { name: 'Submit Confession' }));
}

const lastToast = (store: ReturnType<typeof renderWithStore>['store']) => store.getState().notifications.items[0];

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.restoreAllMocks();
});

describe('ConfessionForm', () => {
  it('shows the rules the server applies before sending anything, and clears a message once its field changes', async () => {
    const { calls } = fakeServer({});
    renderWithStore(<ConfessionForm collegeCode="C001" />);
    await userEvent.click(screen.getByRole('button', { name: "What's on your mind? Share anonymously..." }));
    await userEvent.type(await screen.findByLabelText('Your confession'), 'too short');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Confession' }));
    expect(screen.getByText('Please select a category')).toBeInTheDocument();
    expect(screen.getByText('Confession must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('9/1000')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your confession'), '!');
    expect(screen.queryByText('Confession must be at least 10 characters')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('counts characters as the server does: an emoji is one, surrounding spaces none', async () => {
    fakeServer({});
    renderWithStore(<ConfessionForm collegeCode="C001" />);
    await userEvent.click(screen.getByRole('button', { name: "What's on your mind? Share anonymously..." }));
    await userEvent.type(await screen.findByLabelText('Your confession'), '  exams 😀  ');
    expect(screen.getByText('7/1000')).toBeInTheDocument();
  });

  it('starts a session, posts as anonymous, says Submitting... meanwhile, then thanks and collapses', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = fakeServer({
      'POST /api/session': () => Response.json({ sessionToken: 'token-1', sessionId: 'pseudonym' }, { status: 201 }),
      'POST /api/confessions': () => new Promise((resolve) => (answer = resolve)),
    });
    const { store } = renderWithStore(<ConfessionForm collegeCode="C002" />);
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled());
    answer(Response.json({ id: 'c1', status: 'pending', remaining: 4 }, { status: 201 }));
    await screen.findByRole('button', { name: "What's on your mind? Share anonymously..." });
    expect(lastToast(store)).toMatchObject({
      title: 'Confession submitted!',
      description: 'Your confession is being reviewed by moderators.',
    });
    const post = calls.find((call) => call.path === '/api/confessions')!;
    expect(post.headers.get('x-session-token')).toBe('token-1');
    expect(post.body).toEqual({ content, category: 'funny', collegeCode: 'C002', isAnonymous: true });
    expect(localStorage.getItem('sessionToken')).toBe('token-1');
  });

  it('tells the student when the daily limit is reached, and keeps what they wrote', async () => {
    localStorage.setItem('sessionToken', 'token-1');
    fakeServer({ 'POST /api/confessions': () => errorAnswer('daily_limit_reached', 'Daily limit reached') });
    const { store } = renderWithStore(<ConfessionForm collegeCode="C001" />);
    await fillAndSubmit();
    await waitFor(() => expect(lastToast(store)?.title).toBe('Daily limit reached'));
    expect(lastToast(store)).toMatchObject({
      description: "You've reached your daily confession limit. Try again tomorrow!",
      variant: 'destructive',
    });
    expect(screen.getByLabelText('Your confession')).toHaveValue(content);
  });

  it('starts a new session once when the server no longer knows the stored one', async () => {
    localStorage.setItem('sessionToken', 'forgotten');
    const { calls } = fakeServer({
      'POST /api/session': () => Response.json({ sessionToken: 'fresh', sessionId: 'p' }, { status: 201 }),
      'POST /api/confessions': (request) =>
        request.headers.get('x-session-token') === 'fresh'
          ? Response.json({ id: 'c1', status: 'pending', remaining: 4 }, { status: 201 })
          : Response.json({ message: 'Unknown or malformed session token' }, { status: 401 }),
    });
    const { store } = renderWithStore(<ConfessionForm collegeCode="C001" />);
    await fillAndSubmit();
    await waitFor(() => expect(lastToast(store)?.title).toBe('Confession submitted!'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/confessions',
      'POST /api/session',
      'POST /api/confessions',
    ]);
  });

  it('sends one Idempotency-Key for the whole submission, and sends it again when the network lost the post', async () => {
    let posts = 0;
    const { calls } = fakeServer({
      'POST /api/session': () => Response.json({ sessionToken: 'token-1', sessionId: 'p' }, { status: 201 }),
      'POST /api/confessions': () =>
        ++posts === 1
          ? networkFailure()
          : Response.json({ id: 'c1', status: 'pending', remaining: 4 }, { status: 201 }),
    });
    const { store } = renderWithStore(<ConfessionForm collegeCode="C001" />);
    await fillAndSubmit();
    await waitFor(() => expect(lastToast(store)?.title).toBe('Confession submitted!'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/session',
      'POST /api/confessions',
      'POST /api/confessions',
    ]);
    const keys = new Set(calls.map(keyOf));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(uuidPattern);
  });

  it('thanks the student for a confession saved but not yet visible (202)', async () => {
    localStorage.setItem('sessionToken', 'token-1');
    fakeServer({ 'POST /api/confessions': () => acceptedAnswer({ id: 'c1' }) });
    const { store } = renderWithStore(<ConfessionForm collegeCode="C001" />);
    await fillAndSubmit();
    await screen.findByRole('button', { name: "What's on your mind? Share anonymously..." });
    expect(lastToast(store)).toMatchObject({ title: 'Confession submitted!' });
  });

  it('shows a failure the student can retry after', async () => {
    localStorage.setItem('sessionToken', 'token-1');
    fakeServer({ 'POST /api/confessions': () => new Response('down', { status: 503 }) });
    const { store } = renderWithStore(<ConfessionForm collegeCode="C001" />);
    await fillAndSubmit();
    await waitFor(() => expect(lastToast(store)?.title).toBe('Failed to submit confession'));
    expect(screen.getByRole('button', { name: 'Submit Confession' })).toBeEnabled();
  });
});
