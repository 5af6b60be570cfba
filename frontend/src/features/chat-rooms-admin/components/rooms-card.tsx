import type { ChatRoom } from '@secretchatbox/contracts';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { actionButtonStyles } from '../../../components/ui/styles';
import { useNotifyOutcome } from '../../../components/notifications/use-outcome';
import { useArchiveRoomMutation, useGetManagedRoomsQuery } from '../api';
import { AddRoomForm } from './add-room-form';
import { RenameRoomDialog } from './rename-room-dialog';
import { outcomes } from './toasts';

type Open = { kind: 'rename' | 'archive'; room: ChatRoom } | null;

/** A college's chat rooms for its admin (docs/product.md, Roles): add, rename and archive. */
export function RoomsCard({ collegeCode }: { collegeCode: string }) {
  const query = useGetManagedRoomsQuery(collegeCode);
  const [open, setOpen] = useState<Open>(null);
  const [archive] = useArchiveRoomMutation();
  const outcome = useNotifyOutcome();
  const close = () => setOpen(null);
  const columns: Column<ChatRoom>[] = [
    { header: 'Name', cell: (room) => <span className="font-semibold">{room.name}</span> },
    {
      header: 'Actions',
      cell: (room) => (
        <div className="flex flex-wrap gap-2">
          {(['rename', 'archive'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              onClick={() => setOpen({ kind, room })}
              aria-label={`${kind === 'rename' ? 'Rename' : 'Archive'} ${room.name}`}
              className={`${actionButtonStyles.base} ${actionButtonStyles[kind === 'rename' ? 'neutral' : 'danger']} capitalize`}
            >
              {kind}
            </button>
          ))}
        </div>
      ),
    },
  ];
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-xl font-bold">Chat Rooms of {collegeCode}</h2>
      <AddRoomForm collegeCode={collegeCode} />
      <DataTable
        caption={`Chat rooms of ${collegeCode}`}
        columns={columns}
        rows={query.currentData}
        rowKey={(room) => room.id}
        empty="No chat rooms yet"
        isLoading={query.isFetching && !query.currentData}
        error={query.isError && 'Failed to fetch chat rooms'}
        compact
      />
      {open?.kind === 'rename' && <RenameRoomDialog room={open.room} onClose={close} />}
      {open?.kind === 'archive' && (
        <ConfirmDialog
          title="Archive chat room?"
          description={`${open.room.name} leaves the room list for students. Its history stays for auditors.`}
          confirmLabel="Archive"
          tone="danger"
          onConfirm={() => outcome(archive(open.room.id), outcomes.archived)}
          onClose={close}
        />
      )}
    </Card>
  );
}
