import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type DirectMessage, messages } from '@secretchatbox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enterText } from '../../../testing/enter-text';
import { errorAnswer, fakeServer, keyOf, uuidPattern } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import { LiveChatFrame } from './live-chat-frame';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 14, minute)).toISOString();
const message = (extra: Partial<DirectMessage>): DirectMessage => ({
  id: 'dm-1',
  content: 'hello',
  fromSessionId: 'friend-session-id',
  toSessionId: 'me',
  status: 'approved',
  adminNote: null,
  createdAt: at(1),
  ...extra,
});
const chat = {
  'GET /api/chat/rooms': () => Response.json([{ id: 'room-general', name: 'General Chat' }]),
  'GET /api/session': () => Response.json({ sessionId: 'me', collegeCode: null, nickname: null }),
  'GET /api/chat/rooms/room-general/messages': () =>
    Response.json({
      items: [
        {
          id: 'm-1',
          roomId: 'room-general',
          content: 'anyone for the library?',
          nickname: 'Owl',
          sessionId: 'owl-session-id-123',
          createdAt: at(0),
          isAdmin: false,
        },
      ],
      nextCursor: null,
    }),
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('sessionToken', 'token-1');
  localStorage.setItem('chatNickname', 'Night Owl');
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('direct messages in the Live Chat tab', () => {
  it("sends one to a chat message's author, with its success toast, and checks it before sending", async () => {
    const { calls } = fakeServer({
      ...chat,
      'GET /api/direct-messages': () => Response.json([]),
      'POST /api/direct-messages': (_request, body) =>
        Response.json(
          { ...message({ status: 'pending', fromSessionId: 'me' }), ...(body as object), remaining: 49 },
          { status: 201 },
        ),
    });
    const { store } = renderWithStore(<LiveChatFrame collegeCode="C001" remaining={5} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send direct message to Owl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send direct message' });
    expect(within(dialog).getByLabelText('Recipient')).toHaveValue('Owl (owl-sess)');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(messages.directMessageEmpty)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await enterText(within(dialog).getByLabelText('Message'), 'Study together at 5?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.body).toEqual({ toSessionId: 'owl-session-id-123', content: 'Study together at 5?' });
    expect(keyOf(sent)).toMatch(uuidPattern);
    expect(store.getState().notifications.items[0]).toMatchObject({
      title: 'Direct message sent!',
      description: 'Your message is pending admin approval.',
    });
  });

  it('says why a send was refused when the visitor can act on it, and the generic failure otherwise', async () => {
    let answer = errorAnswer('daily_limit_reached', messages.dailyLimitReached);
    fakeServer({
      ...chat,
      'GET /api/direct-messages': () => Response.json([]),
      'POST /api/direct-messages': () => answer,
    });
    const { store } = renderWithStore(<LiveChatFrame collegeCode="C001" remaining={5} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send direct message to Owl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send direct message' });
    await user.type(within(dialog).getByLabelText('Message'), 'hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(store.getState().notifications.items[0]).toMatchObject({
        title: 'Failed to send direct message',
        description: messages.dailyLimitReached,
      }),
    );
    answer = new Response(null, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(store.getState().notifications.items[0]).toMatchObject({
        title: 'Failed to send direct message',
        description: 'Please try again later.',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Send direct message' })).toBeInTheDocument();
  });

  it('lists received and sent messages with their labels, and counts unread ones until Messages is opened', async () => {
    fakeServer({
      ...chat,
      'GET /api/direct-messages': () =>
        Response.json([
          message({ id: 'dm-3', content: 'see you there', createdAt: at(3) }),
          message({
            id: 'dm-2',
            content: 'are you going?',
            fromSessionId: 'me',
            toSessionId: 'friend-session-id',
            status: 'rejected',
            adminNote: 'No phone numbers',
            createdAt: at(2),
          }),
          message({ id: 'dm-1', content: 'hello', createdAt: at(1) }),
        ]),
    });
    renderWithStore(<LiveChatFrame collegeCode="C001" remaining={5} />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Messages (2 unread)' });
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Messages' });
    const received = within(panel).getAllByTestId('direct-message');
    expect(received.map((item) => item.textContent)).toEqual([
      expect.stringContaining('see you there'),
      expect.stringContaining('hello'),
    ]);
    await user.click(within(panel).getByRole('tab', { name: 'Sent' }));
    const [sent] = within(panel).getAllByTestId('direct-message');
    expect(sent).toHaveTextContent('are you going?');
    expect(within(sent!).getByTestId('direct-message-status')).toHaveTextContent('Rejected');
    expect(sent).toHaveTextContent('Moderator: No phone numbers');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('replies to a received message from the panel', async () => {
    fakeServer({ ...chat, 'GET /api/direct-messages': () => Response.json([message({})]) });
    renderWithStore(<LiveChatFrame collegeCode="C001" remaining={5} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Messages (1 unread)' }));
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send direct message' });
    expect(within(dialog).getByLabelText('Recipient')).toHaveValue('Anonymous (friend-s)');
  });
});
