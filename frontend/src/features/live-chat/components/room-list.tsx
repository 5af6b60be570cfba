import type { ChatRoom } from '@secretchatbox/contracts';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Hash, X } from 'lucide-react';

type Props = { rooms: ChatRoom[]; selectedId: string | undefined; onSelect: (roomId: string) => void };

/** The college's rooms, the selected one marked. */
export function RoomList({ rooms, selectedId, onSelect }: Props) {
  return (
    <nav aria-label="Chat rooms">
      <h2 className="px-3 py-2 text-sm font-semibold text-gray-700 dark:text-gray-300">Rooms</h2>
      <ul className="space-y-1">
        {rooms.map((room) => (
          <li key={room.id}>
            <button
              type="button"
              aria-current={room.id === selectedId}
              onClick={() => onSelect(room.id)}
              className="flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left font-medium hover:bg-purple-100 aria-[current=true]:bg-purple-100 aria-[current=true]:text-purple-900 dark:hover:bg-purple-900/40 dark:aria-[current=true]:bg-purple-900/50 dark:aria-[current=true]:text-purple-100"
            >
              <Hash className="size-4 shrink-0" aria-hidden /> <span className="truncate">{room.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** On phones the rooms slide in from the left (spec section 2: a drawer on mobile). */
export function RoomDrawer({
  open,
  onOpenChange,
  ...list
}: Props & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50 backdrop-blur-sm" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-2xl dark:bg-gray-800"
        >
          <div className="mb-2 flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-bold">Chat rooms</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-full p-1.5 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-700"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <RoomList
            {...list}
            onSelect={(roomId) => {
              list.onSelect(roomId);
              onOpenChange(false);
            }}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
