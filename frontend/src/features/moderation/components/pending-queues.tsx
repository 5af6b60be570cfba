import type { ModeratedComment, ModeratedConfession, ModeratedDirectMessage } from '@secretchatbox/contracts';
import { CategoryBadge } from '../../../components/ui/category-badge';
import type { Column } from '../../../components/ui/data-table';
import { ShortId } from '../../../components/ui/short-id';
import {
  queuePolling,
  useGetPendingCommentsQuery,
  useGetPendingConfessionsQuery,
  useGetPendingDirectMessagesQuery,
} from '../api/queues';
import { ContentCell, type ListProps, QueueTable, submittedColumn } from './queue-table';
import { useCommentDecisions, useConfessionDecisions, useDirectMessageDecisions } from './use-decisions';

const confessionColumns: Column<ModeratedConfession>[] = [
  { header: 'ID', cell: (row) => <ShortId id={row.id} /> },
  { header: 'Content', cell: (row) => <ContentCell text={row.content} /> },
  { header: 'Category', cell: (row) => <CategoryBadge category={row.category} /> },
  { header: 'College', cell: (row) => row.collegeCode },
  submittedColumn(),
];

/** Pending confessions, oldest first, polled. */
export function PendingConfessions({ collegeCode, readOnly }: ListProps) {
  const decisions = useConfessionDecisions();
  return (
    <QueueTable
      noun="confession"
      caption="Pending confessions"
      empty="No pending confessions"
      failure="Failed to fetch pending confessions"
      columns={confessionColumns}
      query={useGetPendingConfessionsQuery(collegeCode, queuePolling)}
      decisions={(row) => decisions.queue(row.id)}
      readOnly={readOnly}
    />
  );
}

const commentColumns: Column<ModeratedComment>[] = [
  { header: 'ID', cell: (row) => <ShortId id={row.id} /> },
  { header: 'Comment', cell: (row) => <ContentCell text={row.content} /> },
  { header: 'Nickname', cell: (row) => row.nickname ?? 'Anonymous User' },
  { header: 'Confession', cell: (row) => <ShortId id={row.confessionId} /> },
  submittedColumn(),
];

/** Pending comments (brief section 3: the spec's panel lacks this queue), polled. */
export function PendingComments({ collegeCode, readOnly }: ListProps) {
  const decisions = useCommentDecisions();
  return (
    <QueueTable
      noun="comment"
      caption="Pending comments"
      empty="No pending comments"
      failure="Failed to fetch pending comments"
      columns={commentColumns}
      query={useGetPendingCommentsQuery(collegeCode, queuePolling)}
      decisions={(row) => decisions(row.id)}
      readOnly={readOnly}
    />
  );
}

/** Sender and recipient show by their moderation pseudonyms (8 characters, where the spec shows session ids). */
const directMessageColumns: Column<ModeratedDirectMessage>[] = [
  { header: 'From', cell: (row) => <ShortId id={row.fromSessionId} /> },
  { header: 'To', cell: (row) => <ShortId id={row.toSessionId} /> },
  { header: 'Message', cell: (row) => <ContentCell text={row.content} /> },
  submittedColumn(),
];

/** Direct messages waiting for approval, polled. */
export function PendingDirectMessages({ collegeCode, readOnly }: ListProps) {
  const decisions = useDirectMessageDecisions();
  return (
    <QueueTable
      noun="direct message"
      caption="Pending direct messages"
      empty="No pending direct messages"
      failure="Failed to fetch direct messages"
      columns={directMessageColumns}
      query={useGetPendingDirectMessagesQuery(collegeCode, queuePolling)}
      decisions={(row) => decisions(row.id)}
      readOnly={readOnly}
    />
  );
}
