import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enterText } from '../../../testing/enter-text';
import { moderatedConfession, signInAdmin } from '../../../testing/admin-fixtures';
import { fakeServer } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import { ConfessionModerationCard } from './confession-moderation-card';

const listPath = '/api/confessions/college/C002';
const lastToast = (store: ReturnType<typeof renderWithStore>['store']) => store.getState().notifications.items[0];

const pending = moderatedConfession('pending1-x', { collegeCode: 'C002' });
const reported = moderatedConfession('reported-x', {
  collegeCode: 'C002',
  status: 'approved',
  nickname: 'Jane Doe',
  reportedCount: 3,
  reports: [
    {
      reason: 'personal_info',
      note: 'That is my name',
      reportedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    },
    { reason: 'spam', note: null, reportedAt: new Date(Date.now() - 5 * 60_000).toISOString() },
  ],
});
const reviewed = moderatedConfession('reviewed-x', {
  collegeCode: 'C002',
  status: 'approved',
  reportedCount: 2,
  reportsReviewed: true,
});

const rowOf = (id: string) => screen.getByText(new RegExp(`Confession ${id}`)).closest('tr')!;
const buttonsOf = (id: string) =>
  within(rowOf(id))
    .queryAllByRole('button')
    .map((button) => button.textContent);

function renderCard(readOnly = false) {
  return renderWithStore(<ConfessionModerationCard collegeCode="C002" readOnly={readOnly} />);
}

beforeEach(signInAdmin);
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('the normal dashboard table', () => {
  it('asks for pending confessions first, then every status with "All Confessions"', async () => {
    const { calls } = fakeServer({
      [`GET ${listPath}`]: (request) =>
        Response.json(new URL(request.url).searchParams.get('view') === 'all' ? [pending, reported] : [pending]),
    });
    renderCard();
    const table = await screen.findByRole('table', { name: 'Confessions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'Content', 'Nickname', 'Category', 'College', 'Status', 'Reports', 'Actions']);
    await within(table).findByText(/Confession pending1-x/);
    expect(screen.getByRole('button', { name: 'Pending Only' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'All Confessions' }));
    await within(table).findByText(/Confession reported-x/);
    expect(screen.getByRole('button', { name: 'All Confessions' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.query.get('view'))).toEqual(['pending', 'all']);
  });

  it('offers Approve/Reject on pending rows, Reject on published ones, Review/Dismiss on open reports, and Delete on all', async () => {
    fakeServer({ [`GET ${listPath}`]: () => Response.json([pending, reported, reviewed]) });
    renderCard();
    await screen.findByText(/Confession pending1-x/);
    expect(buttonsOf('pending1-x')).toEqual(['Approve', 'Reject', 'Delete']);
    expect(buttonsOf('reported-x')).toEqual(['Reject', 'Review', 'Dismiss', 'Delete']);
    expect(buttonsOf('reviewed-x')).toEqual(['Reject', 'Delete']);
    expect(rowOf('reported-x')).toHaveTextContent('3 (open)');
    expect(rowOf('reviewed-x')).toHaveTextContent('2 (reviewed)');
  });

  it("shows the nickname the public would read, and each open report's reason, note and time", async () => {
    fakeServer({ [`GET ${listPath}`]: () => Response.json([pending, reported]) });
    renderCard();
    await screen.findByText(/Confession reported-x/);
    expect(rowOf('reported-x')).toHaveTextContent('Jane Doe');
    expect(rowOf('pending1-x')).toHaveTextContent('Anonymous User');
    const reports = within(within(rowOf('reported-x')).getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports.map((item) => item.textContent)).toEqual([
      'Personal information 3h agoThat is my name',
      'Spam 5m ago',
    ]);
  });

  it('takes down a published confession with a reason and note, asking first', async () => {
    const { calls } = fakeServer({
      [`GET ${listPath}`]: () => Response.json([reviewed]),
      'PUT /api/confessions/reviewed-x/reject': () => Response.json({ id: 'reviewed-x', status: 'rejected' }),
    });
    const { store } = renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject confession reviewed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take down this published confession?' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason (optional)'), 'personal_info');
    await enterText(within(dialog).getByLabelText('Note (optional)'), 'Names a tutor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(lastToast(store)?.title).toBe('Confession taken down'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      reasonCode: 'personal_info',
      note: 'Names a tutor',
      takeDown: true,
    });
  });

  it('approves through the PUT path and dismisses reports, each with its toast', async () => {
    const { calls } = fakeServer({
      [`GET ${listPath}`]: () => Response.json([pending, reported]),
      'PUT /api/confessions/pending1-x/approve': () => Response.json({ id: 'pending1-x', status: 'approved' }),
      'PUT /api/confessions/reported-x/report/dismiss': () =>
        Response.json({ id: 'reported-x', reportedCount: 0, reportsReviewed: false, hidden: false }),
    });
    const { store } = renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve confession pending1' }));
    await waitFor(() => expect(lastToast(store)?.title).toBe('Confession approved'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss confession reported' }));
    await waitFor(() => expect(lastToast(store)?.title).toBe('Report dismissed'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      ['/api/confessions/pending1-x/approve', {}],
      ['/api/confessions/reported-x/report/dismiss', {}],
    ]);
  });

  it('says "Failed to handle report" when a review fails', async () => {
    fakeServer({
      [`GET ${listPath}`]: () => Response.json([reported]),
      'PUT /api/confessions/reported-x/report/review': () => new Response('down', { status: 500 }),
    });
    const { store } = renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Review confession reported' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({ title: 'Failed to handle report', variant: 'destructive' }),
    );
  });

  it('says when there is nothing to show, toasts when the list cannot be fetched, and takes that toast away once it can', async () => {
    let fail = false;
    fakeServer({ [`GET ${listPath}`]: () => (fail ? new Response('down', { status: 503 }) : Response.json([])) });
    const { store } = renderCard();
    expect(await screen.findByText('No confessions to display')).toBeInTheDocument();
    expect(lastToast(store)).toBeUndefined();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'All Confessions' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({ title: 'Failed to fetch confessions', variant: 'destructive' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch confessions');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Pending Only' }));
    await waitFor(() => expect(lastToast(store)?.open).toBe(false));
  });

  it('has no Actions column for a read-only admin', async () => {
    fakeServer({ [`GET ${listPath}`]: () => Response.json([pending, reported]) });
    renderCard(true);
    await screen.findByText(/Confession pending1-x/);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByRole('button')).not.toBeInTheDocument();
  });
});
