import type { ChatRoom } from '@secretchatbox/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotifyOutcome } from '../../../components/notifications/use-outcome';
import { useRenameRoomMutation } from '../api';
import { RoomNameField } from './room-name-field';
import { outcomes } from './toasts';

export function RenameRoomDialog({ room, onClose }: { room: ChatRoom; onClose: () => void }) {
  const [name, setName] = useState(room.name);
  const [rename] = useRenameRoomMutation();
  const outcome = useNotifyOutcome();
  return (
    <ConfirmDialog
      title="Rename chat room"
      confirmLabel="Rename"
      onConfirm={() => outcome(rename({ id: room.id, name: name.trim() }), outcomes.renamed)}
      onClose={onClose}
    >
      <RoomNameField label="Room name" value={name} onChange={setName} />
    </ConfirmDialog>
  );
}
