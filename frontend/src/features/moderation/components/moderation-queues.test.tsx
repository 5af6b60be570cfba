import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adminToken,
  moderatedComment,
  moderatedConfession,
  moderatedDirectMessage,
  signInAdmin,
} from '../../../testing/admin-fixtures';
import { enterText } from '../../../testing/enter-text';
import { type Call, errorAnswer, fakeServer, type Handler } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import { ModerationQueues } from './moderation-queues';

const pendingPath = '/api/admin/confessions/pending';
const lastToast = (store: ReturnType<typeof renderWithStore>['store']) => store.getState().notifications.items[0];
const reads = (calls: Call[], path: string) => calls.filter((call) => call.method === 'GET' && call.path === path);
/** Well within the 5 s polling interval, so a refetch seen by then was caused by the decision. */
const beforeNextPoll = { timeout: 2000 };

/** The pending confessions a and b; once `decided` is called, only b is left. */
function twoPending(routes: Record<string, Handler>) {
  let left = [moderatedConfession('aaaaaaaa-1'), moderatedConfession('bbbbbbbb-2')];
  const decided = () => (left = left.slice(1));
  const server = fakeServer({ [`GET ${pendingPath}`]: () => Response.json(left), ...routes });
  return { ...server, decided };
}

function renderQueues(readOnly = false) {
  return renderWithStore(<ModerationQueues collegeCode="C001" readOnly={readOnly} />);
}

beforeEach(signInAdmin);
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('Admin Panel queues', () => {
  it('lists pending confessions of the college with the admin session, and approves one: toast and refetched list', async () => {
    const server = twoPending({
      'POST /api/admin/confessions/aaaaaaaa-1/approve': () => (
        server.decided(),
        Response.json({ id: 'aaaaaaaa-1', status: 'approved' })
      ),
    });
    const { store } = renderQueues();
    const table = await screen.findByRole('table', { name: 'Pending confessions' });
    await within(table).findByText(/Confession aaaaaaaa-1/);
    const [firstRead] = reads(server.calls, pendingPath);
    expect(firstRead!.query.get('collegeCode')).toBe('C001');
    expect(firstRead!.headers.get('x-session-token')).toBe(adminToken);

    await userEvent.click(screen.getByRole('button', { name: 'Approve confession aaaaaaaa' }));
    await waitFor(() => expect(screen.queryByText(/Confession aaaaaaaa-1/)).not.toBeInTheDocument(), beforeNextPoll);
    expect(screen.getByText(/Confession bbbbbbbb-2/)).toBeInTheDocument();
    expect(lastToast(store)).toMatchObject({
      title: 'Confession approved',
      description: 'The confession has been published.',
    });
    const approve = server.calls.find((call) => call.method === 'POST')!;
    expect(approve.body).toEqual({});
    expect(approve.headers.get('x-session-token')).toBe(adminToken);
    expect(reads(server.calls, pendingPath)).toHaveLength(2);
  });

  it('deletes after the dialog, sending the chosen reason and note', async () => {
    const server = twoPending({
      'DELETE /api/admin/confessions/aaaaaaaa-1': () => (
        server.decided(),
        Response.json({ id: 'aaaaaaaa-1', status: 'deleted' })
      ),
    });
    const { store } = renderQueues();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete confession aaaaaaaa' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this confession?' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason (optional)'), 'spam');
    await enterText(within(dialog).getByLabelText('Note (optional)'), '  posted five times  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastToast(store)).toMatchObject({
      title: 'Confession deleted',
      description: 'The confession has been removed.',
    });
    expect(server.calls.find((call) => call.method === 'DELETE')!.body).toEqual({
      reasonCode: 'spam',
      note: 'posted five times',
    });
    await waitFor(() => expect(screen.queryByText(/Confession aaaaaaaa-1/)).not.toBeInTheDocument(), beforeNextPoll);
  });

  it('rejects with an empty body when no reason or note is given', async () => {
    const { calls } = twoPending({
      'PUT /api/confessions/aaaaaaaa-1/reject': () => Response.json({ id: 'aaaaaaaa-1', status: 'rejected' }),
    });
    const { store } = renderQueues();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject confession aaaaaaaa' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(lastToast(store)?.title).toBe('Confession rejected'));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({});
  });

  it('says so when approving fails, and keeps the row', async () => {
    twoPending({ 'POST /api/admin/confessions/aaaaaaaa-1/approve': () => new Response('down', { status: 503 }) });
    const { store } = renderQueues();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve confession aaaaaaaa' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({
        title: 'Failed to approve confession',
        description: 'Please try again later.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByText(/Confession aaaaaaaa-1/)).toBeInTheDocument();
  });

  it('shows the decision another moderator took first (409) and refetches the list', async () => {
    const server = twoPending({
      'POST /api/admin/confessions/aaaaaaaa-1/approve': () => (
        server.decided(),
        errorAnswer('conflict', 'This confession was already rejected')
      ),
    });
    const { store } = renderQueues();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve confession aaaaaaaa' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({
        title: 'Already decided',
        description: 'This confession was already rejected',
      }),
    );
    await waitFor(() => expect(screen.queryByText(/Confession aaaaaaaa-1/)).not.toBeInTheDocument(), beforeNextPoll);
    expect(reads(server.calls, pendingPath)).toHaveLength(2);
  });

  it('approves a direct message with the admin note, and shows the session ids by 8 characters', async () => {
    const { calls } = fakeServer({
      [`GET ${pendingPath}`]: () => Response.json([]),
      'GET /api/admin/direct-messages/pending': () =>
        Response.json([{ ...moderatedDirectMessage('dm-1'), fromSessionId: 'from1234-rest-of-a-long-id' }]),
      'POST /api/admin/direct-messages/dm-1/approve': () => Response.json({ id: 'dm-1', status: 'approved' }),
    });
    const { store } = renderQueues();
    await userEvent.click(screen.getByRole('tab', { name: 'Direct Messages' }));
    const table = await screen.findByRole('table', { name: 'Pending direct messages' });
    expect(await within(table).findByText('from1234')).toHaveAttribute('title', 'from1234-rest-of-a-long-id');
    expect(within(table).queryByText('from1234-rest-of-a-long-id')).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Approve direct message dm-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this direct message?' });
    expect(within(dialog).queryByLabelText('Reason (optional)')).not.toBeInTheDocument();
    await enterText(within(dialog).getByLabelText('Admin note (optional)'), 'Friendly invitation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({
        title: 'Direct message updated',
        description: 'The status has been updated.',
      }),
    );
    const decision = calls.find((call) => call.method === 'POST')!;
    expect(decision.body).toEqual({ status: 'approved', adminNote: 'Friendly invitation' });
  });

  it('rejects a direct message with status rejected and no note', async () => {
    const { calls } = fakeServer({
      [`GET ${pendingPath}`]: () => Response.json([]),
      'GET /api/admin/direct-messages/pending': () => Response.json([moderatedDirectMessage('dm-2')]),
      'POST /api/admin/direct-messages/dm-2/approve': () => errorAnswer('internal_error', 'boom'),
    });
    const { store } = renderQueues();
    await userEvent.click(screen.getByRole('tab', { name: 'Direct Messages' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject direct message dm-2' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({ title: 'Failed to update direct message', variant: 'destructive' }),
    );
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ status: 'rejected' });
  });

  it('approves and rejects comments from their own tab', async () => {
    const { calls } = fakeServer({
      [`GET ${pendingPath}`]: () => Response.json([]),
      'GET /api/admin/comments/pending': () => Response.json([moderatedComment('cm-1')]),
      'PUT /api/comments/cm-1/approve': () => Response.json({ id: 'cm-1', status: 'approved' }),
      'PUT /api/comments/cm-1/reject': () => Response.json({ id: 'cm-1', status: 'rejected' }),
    });
    const { store } = renderQueues();
    await userEvent.click(screen.getByRole('tab', { name: 'Pending Comments' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve comment cm-1' }));
    await waitFor(() => expect(lastToast(store)?.title).toBe('Comment approved'));
    await userEvent.click(screen.getByRole('button', { name: 'Reject comment cm-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this comment?' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason (optional)'), 'harassment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(lastToast(store)?.title).toBe('Comment rejected'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      ['/api/comments/cm-1/approve', {}],
      ['/api/comments/cm-1/reject', { reasonCode: 'harassment' }],
    ]);
  });

  it('says inline when a list cannot be fetched', async () => {
    fakeServer({
      [`GET ${pendingPath}`]: () => new Response('down', { status: 503 }),
      'GET /api/admin/direct-messages/pending': () => new Response('down', { status: 503 }),
    });
    renderQueues();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch pending confessions');
    await userEvent.click(screen.getByRole('tab', { name: 'Direct Messages' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch direct messages');
  });

  it('shows the lists without any decision button when read-only', async () => {
    twoPending({});
    renderQueues(true);
    const table = await screen.findByRole('table', { name: 'Pending confessions' });
    await within(table).findByText(/Confession aaaaaaaa-1/);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
