import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AdminAccountView } from '@secretchatbox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminAccount, adminToken, signInAdmin } from '../../../testing/admin-fixtures';
import { enterText } from '../../../testing/enter-text';
import { type Call, errorAnswer, fakeServer, type Handler } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import { AdminAccountsCard } from './admin-accounts-card';

const chief = adminAccount('boss', { role: 'chief', collegeCode: null, collegeId: null });
const alice = adminAccount('alice');
const carol = adminAccount('carol', { collegeCode: 'C002', status: 'inactive' });
const dean = adminAccount('dean', { role: 'college', collegeCode: 'C002' });

const lastToast = (store: ReturnType<typeof renderWithStore>['store']) => store.getState().notifications.items[0];
const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

function serve(routes: Record<string, Handler> = {}, accounts: AdminAccountView[] = [chief, alice, carol, dean]) {
  return fakeServer({ 'GET /api/admins': () => Response.json(accounts), ...routes });
}

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create New Admin' }));
  return screen.getByRole('dialog', { name: 'Create New Admin' });
}

beforeEach(signInAdmin);
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('the chief Admin Management table', () => {
  it('lists every account with short ids, full ids in the title, and the admin session', async () => {
    const { calls } = serve();
    renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    const table = await screen.findByRole('table', { name: 'Admin accounts' });
    await within(table).findByText('alice');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'Username', 'College Code', 'Status', 'Created', 'Actions']);
    expect(within(table).getByText('alice-01')).toHaveAttribute('title', alice.id);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    // Only accounts that belong to a college have one to edit.
    expect(within(table).getByRole('button', { name: 'Edit alice' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit boss' })).not.toBeInTheDocument();
    expect(calls[0]!.headers.get('x-session-token')).toBe(adminToken);
  });

  it('creates an admin from the modal, with the password shown on demand, and refetches the list', async () => {
    let accounts = [chief];
    const { calls } = fakeServer({
      'GET /api/admins': () => Response.json(accounts),
      'POST /api/admins': () => ((accounts = [chief, dean]), Response.json(dean, { status: 201 })),
    });
    const { store } = renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    const dialog = await openCreate();
    await enterText(within(dialog).getByLabelText('Username'), 'dean');
    const password = within(dialog).getByLabelText('Password');
    await enterText(password, 'long enough secret');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'college');
    await enterText(within(dialog).getByLabelText('College Code'), 'C002');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Admin' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastToast(store)).toMatchObject({ title: 'Admin created successfully' });
    expect(writes(calls)[0]!.body).toEqual({
      username: 'dean',
      password: 'long enough secret',
      role: 'college',
      collegeCode: 'C002',
    });
    expect(await screen.findByText('dean')).toBeInTheDocument();
  });

  it('sends no college for an auditor account, and explains each role as it is chosen', async () => {
    const { calls } = serve({ 'POST /api/admins': () => Response.json(dean, { status: 201 }) });
    renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    const dialog = await openCreate();
    await enterText(within(dialog).getByLabelText('Username'), 'watcher');
    await enterText(within(dialog).getByLabelText('Password'), 'long enough secret');
    await enterText(within(dialog).getByLabelText('College Code'), 'C001');
    expect(dialog).toHaveAccessibleDescription(
      "Moderates one college's confessions, comments, direct messages and chat.",
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'auditor');
    expect(within(dialog).getByLabelText('College Code')).toBeDisabled();
    expect(dialog).toHaveAccessibleDescription(
      "Reads every college's moderation history and exports it; decides nothing. Has no college.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      username: 'watcher',
      password: 'long enough secret',
      role: 'auditor',
      collegeCode: null,
    });
  });

  it("shows the server's message when creation is refused, and keeps the modal open", async () => {
    serve({
      'POST /api/admins': () =>
        errorAnswer('validation_failed', 'Password must be at least 10 characters', {
          password: 'Password must be at least 10 characters',
        }),
    });
    const { store } = renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    const dialog = await openCreate();
    await enterText(within(dialog).getByLabelText('Username'), 'eve');
    await enterText(within(dialog).getByLabelText('Password'), 'short');
    await enterText(within(dialog).getByLabelText('College Code'), 'C001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Admin' }));

    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({
        title: 'Failed to create admin',
        description: 'Password must be at least 10 characters',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Create New Admin' })).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Password must be at least 10 characters');
  });

  it('falls back to "Please try again later." when the server sent no message', async () => {
    serve({ 'POST /api/admins': () => new Response('gateway down', { status: 502 }) });
    const { store } = renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    const dialog = await openCreate();
    await enterText(within(dialog).getByLabelText('Username'), 'eve');
    await enterText(within(dialog).getByLabelText('Password'), 'long enough secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({
        title: 'Failed to create admin',
        description: 'Please try again later.',
      }),
    );
  });

  it('edits only the college code: the username is locked', async () => {
    const { calls } = serve({
      'PUT /api/admins/alice-0123456789abcdef': () => Response.json({ ...alice, collegeCode: 'C003' }),
    });
    const { store } = renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Admin' });
    const username = within(dialog).getByLabelText('Username');
    expect(username).toHaveValue('alice');
    expect(username).toHaveAttribute('readonly');
    await userEvent.type(username, 'mallory');
    expect(username).toHaveValue('alice');
    const college = within(dialog).getByLabelText('College Code');
    expect(college).toHaveValue('C001');
    await userEvent.clear(college);
    await userEvent.type(college, 'C003');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(lastToast(store)).toMatchObject({ title: 'Admin updated successfully' }));
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/api/admins/alice-0123456789abcdef', { collegeCode: 'C003' }],
    ]);
  });

  it('deletes only after the confirmation', async () => {
    const { calls } = serve({ 'DELETE /api/admins/alice-0123456789abcdef': () => Response.json({ id: alice.id }) });
    const { store } = renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete admin?' });
    expect(dialog).toHaveTextContent('alice will be removed and signed out at once.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete alice' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastToast(store)).toMatchObject({ title: 'Admin deleted successfully' }));
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/admins/alice-0123456789abcdef',
    ]);
  });

  it('says "Failed to delete admin" when the server refuses', async () => {
    serve({ 'DELETE /api/admins/alice-0123456789abcdef': () => errorAnswer('internal_error', 'boom') });
    const { store } = renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete alice' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({
        title: 'Failed to delete admin',
        description: 'Please try again later.',
      }),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("toggles the status of others, and not the chief's own account", async () => {
    const { calls } = serve({
      'PUT /api/admins/alice-0123456789abcdef/status': () => Response.json({ ...alice, status: 'inactive' }),
      'PUT /api/admins/carol-0123456789abcdef/status': () => new Response('down', { status: 503 }),
    });
    const { store } = renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    const own = await screen.findByRole('button', { name: 'Deactivate boss' });
    expect(own).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete boss' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete alice' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate alice' }));
    await waitFor(() => expect(lastToast(store)).toMatchObject({ title: 'Admin deactivated successfully' }));
    await userEvent.click(screen.getByRole('button', { name: 'Activate carol' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({ title: 'Failed to update status', variant: 'destructive' }),
    );
    expect(writes(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/admins/alice-0123456789abcdef/status', { status: 'inactive' }],
      ['/api/admins/carol-0123456789abcdef/status', { status: 'active' }],
    ]);
  });

  it('says "Failed to fetch admins" when the list cannot be read', async () => {
    fakeServer({ 'GET /api/admins': () => errorAnswer('forbidden', 'Your admin role does not allow this') });
    const { store } = renderWithStore(<AdminAccountsCard selfId={chief.id} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch admins');
    expect(lastToast(store)).toMatchObject({ title: 'Failed to fetch admins', variant: 'destructive' });
  });
});

describe("a college admin's normal admins", () => {
  it('lists only its normal admins, without Edit, and creates normal admins of its college', async () => {
    const { calls } = serve({ 'POST /api/admins': () => Response.json(carol, { status: 201 }) });
    renderWithStore(<AdminAccountsCard selfId={dean.id} college="C002" />);
    const table = await screen.findByRole('table', { name: 'Normal admins of C002' });
    await within(table).findByText('carol');
    expect(within(table).queryByText('alice')).not.toBeInTheDocument();
    expect(within(table).queryByText('dean')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();

    const dialog = await openCreate();
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByLabelText('College Code')).toHaveValue('C002');
    await enterText(within(dialog).getByLabelText('Username'), 'frank');
    await enterText(within(dialog).getByLabelText('Password'), 'long enough secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      username: 'frank',
      password: 'long enough secret',
      role: 'normal',
      collegeCode: 'C002',
    });
  });
});
