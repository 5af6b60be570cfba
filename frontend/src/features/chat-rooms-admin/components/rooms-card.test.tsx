import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ChatRoom } from '@secretchatbox/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enterText } from '../../../testing/enter-text';
import { signInAdmin } from '../../../testing/admin-fixtures';
import { errorAnswer, fakeServer } from '../../../testing/fake-server';
import { renderWithStore } from '../../../testing/render';
import { RoomsCard } from './rooms-card';

const general: ChatRoom = { id: 'room-1', name: 'General Chat', collegeCode: 'C002' };
const lastToast = (store: ReturnType<typeof renderWithStore>['store']) => store.getState().notifications.items[0];

beforeEach(signInAdmin);
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe("a college admin's chat rooms", () => {
  it('adds a room to its college and shows it once the list is read again', async () => {
    let rooms = [general];
    const added: ChatRoom = { id: 'room-2', name: 'Study Group', collegeCode: 'C002' };
    const { calls } = fakeServer({
      'GET /api/chat/rooms': () => Response.json(rooms),
      'POST /api/chat/rooms': () => ((rooms = [general, added]), Response.json(added, { status: 201 })),
    });
    const { store } = renderWithStore(<RoomsCard collegeCode="C002" />);
    const table = await screen.findByRole('table', { name: 'Chat rooms of C002' });
    await within(table).findByText('General Chat');
    expect(screen.getByRole('button', { name: 'Add Room' })).toBeDisabled();
    await enterText(screen.getByLabelText('New room name'), ' Study Group ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Room' }));

    expect(await within(table).findByText('Study Group')).toBeInTheDocument();
    expect(lastToast(store)).toMatchObject({ title: 'Chat room added' });
    expect(screen.getByLabelText('New room name')).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ collegeCode: 'C002', name: 'Study Group' });
    expect(calls[0]!.query.get('collegeCode')).toBe('C002');
  });

  it("renames a room, and shows the server's message when it refuses", async () => {
    const { calls } = fakeServer({
      'GET /api/chat/rooms': () => Response.json([general]),
      'PUT /api/chat/rooms/room-1': () => errorAnswer('validation_failed', 'Room name must be 1 to 40 characters'),
    });
    const { store } = renderWithStore(<RoomsCard collegeCode="C002" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename General Chat' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename chat room' });
    const name = within(dialog).getByLabelText('Room name');
    expect(name).toHaveValue('General Chat');
    await userEvent.clear(name);
    await enterText(name, 'Lounge');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(lastToast(store)).toMatchObject({
        title: 'Failed to rename chat room',
        description: 'Room name must be 1 to 40 characters',
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ name: 'Lounge' });
  });

  it('archives a room after the confirmation', async () => {
    const { calls } = fakeServer({
      'GET /api/chat/rooms': () => Response.json([general]),
      'PUT /api/chat/rooms/room-1/archive': () => Response.json({ id: 'room-1' }),
    });
    const { store } = renderWithStore(<RoomsCard collegeCode="C002" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Archive General Chat' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive chat room?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(lastToast(store)).toMatchObject({ title: 'Chat room archived' }));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      ['/api/chat/rooms/room-1/archive', {}],
    ]);
  });
});
