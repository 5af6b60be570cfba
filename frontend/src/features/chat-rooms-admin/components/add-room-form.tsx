import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../../components/ui/styles';
import { useNotifyOutcome } from '../../../components/notifications/use-outcome';
import { useCreateRoomMutation } from '../api';
import { RoomNameField } from './room-name-field';
import { outcomes } from './toasts';

/** Adds a room to the college; the field clears once the server has it. */
export function AddRoomForm({ collegeCode }: { collegeCode: string }) {
  const [name, setName] = useState('');
  const [create, { isLoading }] = useCreateRoomMutation();
  const outcome = useNotifyOutcome();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await outcome(create({ collegeCode, name: name.trim() }), outcomes.added)) setName('');
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-56">
        <RoomNameField label="New room name" value={name} onChange={setName} placeholder="Study Group" />
      </div>
      <button
        type="submit"
        disabled={!name.trim() || isLoading}
        className={`${buttonStyles.base} ${buttonStyles.primary}`}
      >
        <Plus className="size-4" aria-hidden /> Add Room
      </button>
    </form>
  );
}
