import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type ChatRoom, messages, type ModeratedChatMessage } from '@secretchatbox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enterText } from '../../../testing/enter-text';
import { adminToken, signInAdmin } from '../../../testing/admin-fixtures';
import { type Call, errorAnswer, fakeServer } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import { ChatModeration } from './chat-moderation';

const rooms: ChatRoom[] = [
  { id: 'room-general', name: 'General Chat', collegeCode: 'C001' },
  { id: 'room-study', name: 'Study Hall', collegeCode: 'C001' },
];
const listPath = '/api/admin/chat/messages';
const message = (id: string, content: string, overrides: Partial<ModeratedChatMessage> = {}): ModeratedChatMessage => ({
  id,
  roomId: 'room-general',
  content,
  nickname: null,
  createdAt: new Date().toISOString(),
  isAdmin: false,
  collegeCode: 'C001',
  authorId: 'f00dcafe',
  ...overrides,
});
const reads = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path === listPath);
const lastToast = (store: ReturnType<typeof renderWithStore>['store']) => store.getState().notifications.items[0];

beforeEach(signInAdmin);
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe("the Admin Panel's Live Chat tab", () => {
  it("lists a room's messages with their authors' pseudonyms, and removes one with a reason and a note", async () => {
    let items = [message('m-1', 'my number is 555-0100'), message('m-2', 'hello', { nickname: 'Owl' })];
    const { calls } = fakeServer({
      [`GET ${listPath}`]: () => Response.json({ items, nextCursor: null }),
      'DELETE /api/admin/chat/messages/m-1': () => (
        (items = items.slice(1)),
        Response.json({ id: 'm-1', roomId: 'room-general', status: 'removed' })
      ),
    });
    const { store } = renderWithStore(<ChatModeration rooms={rooms} readOnly={false} />);
    const row = (await screen.findByText('my number is 555-0100')).closest('tr')!;
    expect(row).toHaveTextContent('f00dcafe');
    expect(row).toHaveTextContent('Anonymous');
    expect(reads(calls)[0]!.query.get('roomId')).toBe('room-general');
    expect(reads(calls)[0]!.headers.get('x-session-token')).toBe(adminToken);

    await userEvent.click(within(row).getByRole('button', { name: /^Remove message/ }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this message?' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason (optional)'), 'personal_info');
    await enterText(within(dialog).getByLabelText('Note (optional)'), 'phone number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('my number is 555-0100')).not.toBeInTheDocument());
    expect(lastToast(store)).toMatchObject({ title: 'Message removed' });
    const removal = calls.find((call) => call.method === 'DELETE')!;
    expect(removal.body).toEqual({ reasonCode: 'personal_info', note: 'phone number' });
    expect(removal.headers.get('x-session-token')).toBe(adminToken);

    await userEvent.selectOptions(screen.getByLabelText('Room'), 'room-study');
    await waitFor(() => expect(reads(calls).at(-1)!.query.get('roomId')).toBe('room-study'));
  });

  it('shows the removal another moderator made first (409) and reads the room again', async () => {
    const { calls } = fakeServer({
      [`GET ${listPath}`]: () => Response.json({ items: [message('m-1', 'spam spam')], nextCursor: null }),
      'DELETE /api/admin/chat/messages/m-1': () => errorAnswer('conflict', messages.chatMessageAlreadyRemoved('spam')),
    });
    const { store } = renderWithStore(<ChatModeration rooms={rooms} readOnly={false} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Remove message/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({
        title: 'Already decided',
        description: 'This message was already removed (spam)',
      }),
    );
    await waitFor(() => expect(reads(calls)).toHaveLength(2));
  });

  it('lets an auditor read, without Remove or the moderator composer', async () => {
    fakeServer({ [`GET ${listPath}`]: () => Response.json({ items: [message('m-1', 'hello')], nextCursor: null }) });
    renderWithStore(<ChatModeration rooms={rooms} readOnly />);
    await screen.findByText('hello');
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Message the room as a moderator')).not.toBeInTheDocument();
  });
});
