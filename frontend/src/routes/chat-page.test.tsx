import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dailyLimitApi } from '../features/daily-limit/api';
import { renderRoute } from '../testing/render';

const colleges = [
  { id: 'c1', name: 'North Campus', code: 'C001' },
  { id: 'c2', name: 'South Campus', code: 'C002' },
];

/** Serves the colleges and answers the daily-limit call with `dailyLimit`. */
function stubApi(dailyLimit: () => Response | Promise<Response>) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL((input as Request).url).pathname;
    if (path === '/api/colleges') return Response.json(colleges);
    if (path === '/api/daily-limit') return dailyLimit();
    return new Response(null, { status: 404 });
  });
}

async function chooseSouthCampus() {
  const { store } = renderRoute('/chat');
  await userEvent.selectOptions(await screen.findByLabelText('College'), 'C002');
  expect(screen.getByRole('heading', { name: 'Share Your Story Anonymously' })).toBeInTheDocument();
  expect(screen.getByText('South Campus (C002)')).toBeInTheDocument();
  return store;
}

const selectDailyLimit = dailyLimitApi.endpoints.getDailyLimit.select();

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('/chat remaining counter', () => {
  it("shows the server's remaining count once a college is chosen", async () => {
    stubApi(() =>
      Response.json({ remaining: 0, used: 5, resetsAt: '2030-01-01T00:00:00Z', chat: { remaining: 0, used: 5 } }),
    );
    await chooseSouthCampus();
    await waitFor(() => expect(screen.getByTestId('chat-remaining')).toHaveTextContent('0'));
  });

  it('shows 5 while the daily limit is unknown', async () => {
    stubApi(() => new Promise<Response>(() => {}));
    await chooseSouthCampus();
    expect(screen.getByTestId('chat-remaining')).toHaveTextContent('5');
  });

  it('shows 5 when the daily-limit call fails', async () => {
    stubApi(() => new Response('down', { status: 503 }));
    const store = await chooseSouthCampus();
    await waitFor(() => expect(selectDailyLimit(store.getState()).isError).toBe(true));
    expect(screen.getByTestId('chat-remaining')).toHaveTextContent('5');
  });
});

describe('/chat college', () => {
  const limitAnswer = () =>
    Response.json({ remaining: 5, used: 0, resetsAt: '2030-01-01T00:00:00Z', chat: { remaining: 200, used: 0 } });

  it('remembers the chosen college', async () => {
    stubApi(limitAnswer);
    await chooseSouthCampus();
    expect(localStorage.getItem('chosenCollege')).toBe('C002');
  });

  it('opens the remembered college at once, and offers to change it', async () => {
    localStorage.setItem('chosenCollege', 'C002');
    stubApi(limitAnswer);
    renderRoute('/chat');
    expect(await screen.findByText('South Campus (C002)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change college' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my college' }));
    expect(screen.getByText('South Campus (C002)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change college' }));
    await userEvent.selectOptions(screen.getByLabelText('College'), 'C001');
    expect(await screen.findByText('North Campus (C001)')).toBeInTheDocument();
    expect(localStorage.getItem('chosenCollege')).toBe('C001');
  });

  it('says that a shared confession is not available when its link leads nowhere', async () => {
    stubApi(limitAnswer);
    renderRoute('/chat?confession=0b6f3c9e-2d41-4c36-9a57-0f3c2e1d9b10');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confession is not available.');
    expect(screen.getByLabelText('College')).toBeInTheDocument();
  });
});
