import {
  anonymousChatNickname,
  type ChatRoom,
  limits,
  messages,
  type ModeratedChatMessage,
  textLength,
} from '@secretchatbox/contracts';
import { Megaphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Column } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { ShortId } from '../../../components/ui/short-id';
import { buttonStyles, inputStyles } from '../../../components/ui/styles';
import { useNotifyOutcome } from '../../../components/notifications/use-outcome';
import { useGetModeratedChatQuery, usePostAsModeratorMutation, useRemoveChatMessageMutation } from '../api/chat';
import { queuePolling } from '../api/queues';
import type { Decision } from './decision-buttons';
import { ContentCell, QueueTable, submittedColumn } from './queue-table';
import { outcomes } from './toasts';

type Props = { rooms: ChatRoom[]; readOnly: boolean };

const columns: Column<ModeratedChatMessage>[] = [
  { header: 'Author', cell: (row) => <ShortId id={row.authorId} /> },
  {
    header: 'Nickname',
    cell: (row) =>
      row.isAdmin
        ? row.nickname
          ? `${row.nickname} (moderator)`
          : 'Moderator'
        : (row.nickname ?? anonymousChatNickname),
  },
  { header: 'Message', cell: (row) => <ContentCell text={row.content} /> },
  { ...submittedColumn(), header: 'Sent' },
];

/** A moderator's message to the room, for announcements and warnings. */
function ModeratorComposer({ roomId }: { roomId: string }) {
  const [content, setContent] = useState('');
  const [post, { isLoading }] = usePostAsModeratorMutation();
  const outcome = useNotifyOutcome();
  const length = textLength(content.trim());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await outcome(post({ roomId, content }), outcomes.moderatorMessagePosted)) setContent('');
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <Field label="Message the room as a moderator">
          {(id) => (
            <input
              id={id}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              className={inputStyles}
            />
          )}
        </Field>
      </div>
      <button
        type="submit"
        disabled={isLoading || length < limits.roomMessage.min || length > limits.roomMessage.max}
        className={`${buttonStyles.base} ${buttonStyles.primary}`}
      >
        <Megaphone className="size-4" aria-hidden /> Post
      </button>
    </form>
  );
}

/**
 * The Admin Panel's Live Chat tab: a room of the college, its latest messages with their senders'
 * chat pseudonyms, and Remove (with a reason and a note) for moderators; auditors only read.
 */
export function ChatModeration({ rooms, readOnly }: Props) {
  const [chosen, setChosen] = useState<string | null>(null);
  const roomId = chosen ?? rooms[0]?.id;
  const query = useGetModeratedChatQuery(roomId ?? '', { ...queuePolling, skip: !roomId });
  const [remove] = useRemoveChatMessageMutation();
  const outcome = useNotifyOutcome();
  if (!roomId) return <p className="text-gray-700 dark:text-gray-300">{messages.noRoomSelected}</p>;
  const decisions = (row: ModeratedChatMessage): Decision[] => [
    {
      label: 'Remove',
      tone: 'danger',
      ask: { title: 'Remove this message?', confirmLabel: 'Remove', withReason: true, tone: 'danger' },
      run: (note) => outcome(remove({ id: row.id, roomId, ...note }), outcomes.chatMessageRemoved),
    },
  ];
  return (
    <div className="space-y-4">
      <Field label="Room">
        {(id) => (
          <select
            id={id}
            value={roomId}
            onChange={(event) => setChosen(event.target.value)}
            className={`${inputStyles} sm:max-w-xs`}
          >
            {rooms.map((room) => (
              <option key={room.id} value={room.id}>
                {room.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {!readOnly && <ModeratorComposer roomId={roomId} />}
      <QueueTable
        noun="message"
        caption="Latest messages"
        empty="No messages in this room"
        failure="Failed to fetch messages"
        columns={columns}
        query={{ ...query, currentData: query.currentData?.items }}
        decisions={decisions}
        readOnly={readOnly}
      />
    </div>
  );
}
