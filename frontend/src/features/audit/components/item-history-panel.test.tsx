import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AuditHistoryEntry, AuditItemState } from '@secretchatbox/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInAdmin } from '../../../testing/admin-fixtures';
import { fakeServer } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import { ItemHistoryPanel } from './item-history-panel';

const target = { type: 'confession', id: '1a2b3c4d-0000-4000-8000-000000000001' } as const;
const historyPath = `/api/audit/history/confession/${target.id}`;

const entry = (action: string, eventId: string): AuditHistoryEntry => ({
  position: '1/1',
  eventId,
  at: '2026-11-24T09:00:00.000Z',
  action,
  actor: { id: 'f00dcafe', username: null, role: 'visitor' },
  collegeCode: 'C001',
  target,
  reasonCode: null,
  note: null,
  requestId: `${eventId}-request-id`,
  link: null,
  hash: null,
  moderation: false,
  data: {},
});

const state: AuditItemState = {
  target,
  at: '2026-11-25T00:00:00.000Z',
  status: 'approved',
  collegeCode: 'C001',
  createdAt: '2026-11-24T09:00:00.000Z',
  counts: { likes: 1, reports: 0, comments: 0 },
  decision: null,
  details: {},
  events: 2,
};

beforeEach(signInAdmin);
afterEach(() => {
  jest.restoreAllMocks();
});

describe("an item's history panel", () => {
  it('pages through every event of the item, each page after the cursor of the one before', async () => {
    const { calls } = fakeServer({
      [`GET ${historyPath}`]: (request) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? Response.json({ target, collegeCode: 'C001', items: [entry('ConfessionLiked', 'e-2')], nextCursor: null })
          : Response.json({
              target,
              collegeCode: 'C001',
              items: [entry('ConfessionSubmitted', 'e-1')],
              nextCursor: 'page-2',
            }),
      [`GET /api/audit/state/confession/${target.id}`]: () => Response.json(state),
    });
    renderWithStore(<ItemHistoryPanel target={target} onClose={() => undefined} />);
    await screen.findByText('Confession submitted');
    // The request that caused it, as its answer and the server's log named it.
    expect(screen.getByTitle('e-1-request-id')).toBeTruthy();
    expect(screen.queryByText('Confession liked')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load later events' }));
    await screen.findByText('Confession liked');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load later events' })).toBeNull());
    const cursors = calls.filter((call) => call.path === historyPath).map((call) => call.query.get('cursor'));
    expect(cursors).toEqual([null, 'page-2']);
  });
});
