import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type ChatMessage, type ErrorCode, messages } from '@secretchatbox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorAnswer, fakeServer, keyOf, uuidPattern } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import { liveChatApi } from '../api';
import { LiveChatFrame } from './live-chat-frame';

const rooms = [
  { id: 'room-study', name: 'Study Hall' },
  { id: 'room-general', name: 'General Chat' },
];
const stored = (content: string, sessionId: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m-${content}`,
  roomId: 'room-general',
  content,
  nickname: null,
  sessionId,
  createdAt: new Date(2026, 10, 25, 14, 5).toISOString(),
  isAdmin: false,
  ...extra,
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('sessionToken', 'token-1');
  localStorage.setItem('chatNickname', 'Night Owl');
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('the Live Chat tab', () => {
  it('opens General Chat, with own messages apart from others and moderators', async () => {
    fakeServer({
      'GET /api/chat/rooms': () => Response.json(rooms),
      'GET /api/session': () => Response.json({ sessionId: 'me', collegeCode: null, nickname: null }),
      'GET /api/chat/rooms/room-general/messages': () =>
        Response.json({
          items: [
            stored('hello all', 'someone'),
            stored('be kind', 'admin-1', { nickname: 'Mod', isAdmin: true }),
            stored('hi!', 'me', { nickname: 'Night Owl' }),
          ],
          nextCursor: null,
        }),
    });
    renderWithStore(<LiveChatFrame collegeCode="C001" remaining={1} />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('hello all');
    expect(screen.getByRole('heading', { name: 'General Chat' })).toBeInTheDocument();
    expect(screen.getByTestId('messages-left')).toHaveTextContent('1 message left');
    const bubbles = within(log).getAllByTestId('chat-message');
    expect(bubbles.map((bubble) => bubble.className.includes('justify-end'))).toEqual([false, false, true]);
    expect(bubbles[0]).toHaveTextContent('Anonymous');
    expect(bubbles[1]).toHaveTextContent('ModModerator');
    expect(bubbles[0]).toHaveTextContent('14:05');
  });

  it('loads older messages through the cursor, once the history is not being read again', async () => {
    let release: () => void = () => {};
    let reads = 0;
    fakeServer({
      'GET /api/chat/rooms': () => Response.json(rooms),
      'GET /api/session': () => Response.json({ sessionId: 'me', collegeCode: null, nickname: null }),
      'GET /api/chat/rooms/room-general/messages': async (request) => {
        if (new URL(request.url).searchParams.get('cursor') === 'older')
          return Response.json({ items: [stored('the very first', 'someone')], nextCursor: null });
        if ((reads += 1) > 1) await new Promise<void>((resolve) => (release = resolve));
        return Response.json({ items: [stored('the latest', 'someone')], nextCursor: 'older' });
      },
    });
    const { store } = renderWithStore(<LiveChatFrame collegeCode="C001" remaining={5} />);
    const older = await screen.findByRole('button', { name: 'Load older messages' });
    expect(older).toBeEnabled();
    store.dispatch(liveChatApi.util.invalidateTags([{ type: 'ChatHistory', id: 'room-general' }]));
    await waitFor(() => expect(older).toBeDisabled());
    release();
    await waitFor(() => expect(older).toBeEnabled());
    await userEvent.click(older);
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findByText('the very first');
    expect(
      within(log)
        .getAllByTestId('chat-message')
        .map((bubble) => bubble.textContent),
    ).toEqual([expect.stringContaining('the very first'), expect.stringContaining('the latest')]);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('asks for a nickname on the first visit, checks it as the server does, and lets it change later', async () => {
    localStorage.removeItem('chatNickname');
    fakeServer({
      'GET /api/chat/rooms': () => Response.json(rooms),
      'GET /api/session': () => Response.json({ sessionId: 'me', collegeCode: null, nickname: null }),
      'GET /api/chat/rooms/room-general/messages': () => Response.json({ items: [], nextCursor: null }),
    });
    const { store } = renderWithStore(<LiveChatFrame collegeCode="C001" remaining={5} />);
    let dialog = await screen.findByRole('dialog', { name: 'Set your nickname' });
    await userEvent.type(within(dialog).getByLabelText('Nickname'), ' ab ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Nickname' }));
    expect(within(dialog).getByText('Nickname must be at least 3 characters')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Nickname'), 'c'.repeat(19));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Nickname' }));
    expect(within(dialog).getByText('Nickname must be less than 20 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use Anonymous' }));
    expect(store.getState().notifications.items[0]).toMatchObject({ title: 'Nickname Set' });
    expect(localStorage.getItem('chatNickname')).toBe('Anonymous');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change nickname (Anonymous)' }));
    dialog = await screen.findByRole('dialog', { name: 'Set your nickname' });
    await userEvent.type(within(dialog).getByLabelText('Nickname'), '  Night Owl ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Nickname' }));
    expect(store.getState().notifications.items[0]).toMatchObject({ title: 'Nickname set!' });
    expect(localStorage.getItem('chatNickname')).toBe('Night Owl');
    expect(screen.getByRole('button', { name: 'Change nickname (Night Owl)' })).toBeInTheDocument();
  });

  it('shows a send as sending, then failed with Retry, which sends the same text with the same key', async () => {
    let attempts = 0;
    const { calls } = fakeServer({
      'GET /api/chat/rooms': () => Response.json(rooms),
      'GET /api/session': () => Response.json({ sessionId: 'me', collegeCode: null, nickname: null }),
      'GET /api/chat/rooms/room-general/messages': () => Response.json({ items: [], nextCursor: null }),
      'POST /api/chat/rooms/room-general/messages': (_request, body) =>
        (attempts += 1) === 1
          ? Response.json({ statusCode: 500, message: 'Internal server error' }, { status: 500 })
          : Response.json(stored((body as { content: string }).content, 'me'), { status: 201 }),
    });
    const { store } = renderWithStore(<LiveChatFrame collegeCode="C001" remaining={5} />);
    await screen.findByText('No messages yet.');
    await userEvent.type(screen.getByPlaceholderText('Type your message...'), ' See you at 9 {Enter}');
    const failed = await screen.findByText('Not sent');
    expect(store.getState().notifications.items[0]).toMatchObject({
      title: 'Failed to send message',
      description: 'Please try again later.',
    });
    await userEvent.click(within(failed.closest('li')!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('chat-message')).toHaveAttribute('data-status', 'sent'));
    expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { content: 'See you at 9', nickname: 'Night Owl', isPublic: true },
      { content: 'See you at 9', nickname: 'Night Owl', isPublic: true },
    ]);
    expect(posts.map((call) => call.headers.get('x-session-token'))).toEqual(['token-1', 'token-1']);
    // The same key: had the first send been stored after all, the server would answer with it.
    expect(keyOf(posts[0]!)).toMatch(uuidPattern);
    expect(keyOf(posts[1]!)).toBe(keyOf(posts[0]!));
  });

  it("tells the day's limit apart from the burst limit by the refusal's code, whatever its words", async () => {
    let refusal: [ErrorCode, string] = ['daily_limit_reached', 'The allowance of the day is used up'];
    fakeServer({
      'GET /api/chat/rooms': () => Response.json(rooms),
      'GET /api/session': () => Response.json({ sessionId: 'me', collegeCode: null, nickname: null }),
      'GET /api/chat/rooms/room-general/messages': () => Response.json({ items: [], nextCursor: null }),
      'POST /api/chat/rooms/room-general/messages': () => errorAnswer(...refusal, undefined, { 'retry-after': '5' }),
    });
    const { store } = renderWithStore(<LiveChatFrame collegeCode="C001" remaining={5} />);
    const input = await screen.findByPlaceholderText('Type your message...');
    await userEvent.type(input, 'one{Enter}');
    await waitFor(() =>
      expect(store.getState().notifications.items[0]).toMatchObject({
        title: 'Daily limit reached',
        description: "You've reached your daily message limit. Try again tomorrow!",
      }),
    );
    refusal = ['rate_limited', messages.chatTooFast];
    await userEvent.type(input, 'two{Enter}');
    await waitFor(() =>
      expect(store.getState().notifications.items[0]).toMatchObject({
        title: 'Slow down',
        description: messages.chatTooFast,
      }),
    );
  });
});
