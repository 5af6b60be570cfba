import { defaultRoomName } from '@secretchatbox/contracts';
import { Hash, Users } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useGetChatRoomsQuery, useRoomPresenceQuery } from './api';

/** Rooms of the college, the selected room's live online count, and the empty message list. */
export function LiveChatFrame({ collegeCode }: { collegeCode: string }) {
  const { data: rooms, isLoading, isError } = useGetChatRoomsQuery(collegeCode);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected =
    rooms?.find((room) => room.id === chosen) ?? rooms?.find((room) => room.name === defaultRoomName) ?? rooms?.[0];
  const { data: presence } = useRoomPresenceQuery(selected?.id ?? '', { skip: !selected });

  if (isLoading) return <Spinner label="Loading chat rooms" />;
  if (isError || !rooms) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
        Failed to fetch chat rooms
      </p>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <Card className="p-3">
        <h2 className="px-3 py-2 text-sm font-semibold text-gray-700 dark:text-gray-300">Rooms</h2>
        <ul>
          {rooms.map((room) => (
            <li key={room.id}>
              <button
                type="button"
                aria-current={room.id === selected?.id}
                onClick={() => setChosen(room.id)}
                className="flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left font-medium hover:bg-purple-100 aria-[current=true]:bg-purple-100 aria-[current=true]:text-purple-900 dark:hover:bg-purple-900/40 dark:aria-[current=true]:bg-purple-900/50 dark:aria-[current=true]:text-purple-100"
              >
                <Hash className="size-4" aria-hidden /> {room.name}
              </button>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="flex min-h-80 flex-col">
        <header className="flex items-center justify-between border-b border-gray-200 px-6 py-4 dark:border-gray-700">
          <h2 className="text-lg font-bold">{selected?.name}</h2>
          <p className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
            <Users className="size-4" aria-hidden />
            <span data-testid="online-count">{presence?.online ?? 0}</span> students online
          </p>
        </header>
        <div className="grid flex-1 place-items-center p-10 text-center">
          <div>
            <p className="text-lg font-semibold">No messages yet.</p>
            <p className="mt-2 text-gray-700 dark:text-gray-300">Be the first to start the conversation!</p>
          </div>
        </div>
      </Card>
    </div>
  );
}
