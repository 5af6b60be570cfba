import type { ChatRoom } from '@secretchatbox/contracts';
import { Hash } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';

type Props = { rooms: ChatRoom[]; selectedId: string | undefined; onSelect: (roomId: string) => void };

/** The college's rooms, the selected one marked. */
export function RoomList({ rooms, selectedId, onSelect }: Props) {
  return (
    <nav aria-label="Chat rooms">
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

/** On phones the rooms slide in from the left (docs/product.md, Screens: a drawer on phones). */
export function RoomDrawer({
  open,
  onOpenChange,
  ...list
}: Props & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog placement="left" open={open} onOpenChange={onOpenChange} title="Chat rooms">
      <RoomList
        {...list}
        onSelect={(roomId) => {
          list.onSelect(roomId);
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}
