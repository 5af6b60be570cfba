import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AuthUser } from '@secretchatbox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, adminUser, moderatedConfession, moderationStats, signInAdmin } from '../testing/admin-fixtures';
import { acceptedAnswer, type Call, errorAnswer, fakeServer, keyOf, uuidPattern } from '../testing/fake-server';
import { enterText } from '../testing/enter-text';
import { renderRoute } from '../testing/render';

const queryOf = (calls: Call[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => Object.fromEntries(call.query));

/** Every admin read, with one item each. */
const adminReads = (user: AuthUser) => ({
  'GET /api/auth/me': () => Response.json(user),
  'POST /api/auth/logout': () => new Response(null, { status: 204 }),
  'GET /api/admin/confessions/pending': () => Response.json([moderatedConfession('queued01')]),
  'GET /api/admin/stats': () =>
    Response.json(moderationStats({ pendingConfessions: 7, pendingDirectMessages: 3, pendingComments: 2 })),
  'GET /api/confessions/college/C002': () => Response.json([moderatedConfession('table001', { collegeCode: 'C002' })]),
  'GET /api/chat/rooms': () => Response.json([{ id: 'room-1', name: 'General Chat', collegeCode: 'C002' }]),
  'GET /api/admins': () => Response.json([adminAccount('alice', { collegeCode: 'C002' })]),
  'GET /api/colleges': () => Response.json([{ id: 'c1', name: 'North Campus', code: 'C001' }]),
});

/** Signs `user` in and serves every admin read. */
function serveAdmin(user: AuthUser) {
  signInAdmin();
  return fakeServer(adminReads(user));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('/admin shows the view of the signed-in role', () => {
  it('chief: the Chief Admin Dashboard with the Admin Management table', async () => {
    serveAdmin(adminUser('chief'));
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chief Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Admin accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it("college: the College Admin Dashboard of its college, with the admin's name and college code", async () => {
    const { calls } = serveAdmin(adminUser('college', 'C002'));
    renderRoute('/admin');
    const heading = await screen.findByRole('heading', { level: 1, name: 'College Admin Dashboard' });
    expect(heading.parentElement).toHaveTextContent('Signed in as college-user · C002');
    expect(await screen.findByText(/Confession table001/)).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Chat rooms of C002' })).toHaveTextContent('General Chat');
    expect(await screen.findByRole('table', { name: 'Normal admins of C002' })).toHaveTextContent('alice');
    expect(screen.getByText('Reported confessions')).toBeInTheDocument();
    expect(queryOf(calls, '/api/confessions/college/C002')).toEqual([{ view: 'pending' }]);
    expect(queryOf(calls, '/api/chat/rooms')).toEqual([{ collegeCode: 'C002' }]);
    expect(queryOf(calls, '/api/admin/stats')).toEqual([{ collegeCode: 'C002' }]);
  });

  it('normal: the Admin Panel of its college with figures, tabs, decisions and the guidelines', async () => {
    const { calls } = serveAdmin(adminUser('normal', 'C003'));
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.trim())).toEqual([
      'Pending Confessions',
      'Pending Comments',
      'Direct Messages',
      'Pairing Reports',
      'Reported & Published',
      'Live Chat',
    ]);
    expect(await screen.findByRole('button', { name: 'Approve confession queued01' })).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Moderation figures' });
    await waitFor(() => expect(figures).toHaveTextContent('Pending confessions7'));
    expect(figures).toHaveTextContent('Pending direct messages3');
    expect(figures).toHaveTextContent('Pending comments2');
    expect(screen.getByRole('heading', { name: 'Moderation Guidelines' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByText('Read-only: auditors review, they do not decide')).not.toBeInTheDocument();
    expect(queryOf(calls, '/api/admin/confessions/pending')).toEqual([{ collegeCode: 'C003' }]);
  });

  it('auditor: the Admin Panel of every college, read-only', async () => {
    const { calls } = serveAdmin(adminUser('auditor'));
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByText('Read-only: auditors review, they do not decide')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pending confessions' });
    await within(table).findByText(/Confession queued01/);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(queryOf(calls, '/api/admin/confessions/pending')).toEqual([{}]);
  });

  it('logs out back to the sign-in card with the logout toast', async () => {
    serveAdmin(adminUser('normal', 'C003'));
    const { store } = renderRoute('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(store.getState().notifications.items[0]).toMatchObject({ title: 'You have been logged out successfully.' });
    expect(localStorage.getItem('adminSessionToken')).toBeNull();
  });
});

describe('signing in at /admin', () => {
  it('signs in on a 202, before the server can read the new session back', async () => {
    const user = adminUser('normal', 'C003');
    const { calls } = fakeServer({
      ...adminReads(user),
      'GET /api/auth/me': () => errorAnswer('unauthenticated', 'Admin session is invalid or expired'),
      'POST /api/auth/login': () => acceptedAnswer({ sessionToken: 'new-token', user }),
    });
    const { store } = renderRoute('/admin');
    await enterText(await screen.findByLabelText('Username'), 'normal-user');
    await enterText(screen.getByLabelText('Password'), 'correct horse battery');
    await enterText(screen.getByLabelText('College ID'), 'C003');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    expect(localStorage.getItem('adminSessionToken')).toBe('new-token');
    expect(store.getState().notifications.items[0]).toMatchObject({ title: 'Welcome to the admin panel' });
    expect(keyOf(calls.find((call) => call.path === '/api/auth/login')!)).toMatch(uuidPattern);
  });
});

describe('the guarded dashboards', () => {
  it('/chief-dashboard logs the chief out with "Logged out successfully!" and returns to Chief Login', async () => {
    serveAdmin(adminUser('chief'));
    const { store } = renderRoute('/chief-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chief Admin Dashboard' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Chief Login' })).toBeInTheDocument();
    expect(store.getState().notifications.items[0]).toMatchObject({ title: 'Logged out successfully!' });
  });

  it('/normal-admin-dashboard lets a chief pick the college, C001 first', async () => {
    const { calls } = serveAdmin(adminUser('chief'));
    renderRoute('/normal-admin-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Normal Admin Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/confessions/college/C001')).toBe(true));
    expect(await screen.findByRole('option', { name: 'North Campus (C001)' })).toBeInTheDocument();
  });

  it('/normal-admin-dashboard shows the table of the admin’s own college, with no college picker', async () => {
    const { calls } = serveAdmin(adminUser('normal', 'C002'));
    renderRoute('/normal-admin-dashboard');
    expect(await screen.findByText(/Confession table001/)).toBeInTheDocument();
    expect(screen.queryByLabelText('College')).not.toBeInTheDocument();
    expect(queryOf(calls, '/api/confessions/college/C002')).toEqual([{ view: 'pending' }]);
  });

  it('/college-admin-dashboard sends a normal admin to /admin, which shows its own view', async () => {
    serveAdmin(adminUser('normal', 'C002'));
    const { router } = renderRoute('/college-admin-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});

describe('an admin session the server no longer accepts', () => {
  it('says so once and returns to the login, never to empty queues', async () => {
    const user = adminUser('normal', 'C002');
    let accepted = true;
    const refused = () => Response.json({ statusCode: 401, message: 'expired' }, { status: 401 });
    const reads = adminReads(user);
    fakeServer({
      ...reads,
      'GET /api/auth/me': () => (accepted ? Response.json(user) : refused()),
      'GET /api/admin/confessions/pending': () =>
        accepted ? reads['GET /api/admin/confessions/pending']() : refused(),
      'GET /api/admin/stats': () => (accepted ? reads['GET /api/admin/stats']() : refused()),
    });
    signInAdmin();
    // The queues are polled every 5 s: the test's waits move the clock on instead of waiting.
    jest.useFakeTimers();
    const { store } = renderRoute('/admin');
    expect(await screen.findByText(/Confession queued01/)).toBeInTheDocument();
    accepted = false;
    // Their next read is refused.
    expect(await screen.findByRole('heading', { name: 'Admin Login' }, { timeout: 8000 })).toBeInTheDocument();
    expect(localStorage.getItem('adminSessionToken')).toBeNull();
    const shown = store.getState().notifications.items.filter((item) => item.open);
    expect(shown.map((item) => item.title)).toEqual(['Your session has ended. Please log in again.']);
  });
});
