import type {
  ModeratedComment,
  ModeratedConfession,
  ModeratedDirectMessage,
  PairingReportItem,
} from '@secretchatbox/contracts';
import type { Column } from '../../../components/ui/data-table';
import { ShortId } from '../../../components/ui/short-id';
import {
  queuePolling,
  useGetPendingCommentsQuery,
  useGetPendingConfessionsQuery,
  useGetPendingDirectMessagesQuery,
  useGetPairingReportsQuery,
} from '../api/queues';
import { categoryColumn, nicknameColumn, reasonLabel } from './public-columns';
import { ContentCell, type ListProps, QueueTable, submittedColumn } from './queue-table';
import {
  useCommentDecisions,
  useConfessionDecisions,
  useDirectMessageDecisions,
  usePairingReportDecisions,
} from './use-decisions';

const confessionColumns: Column<ModeratedConfession>[] = [
  { header: 'ID', cell: (row) => <ShortId id={row.id} /> },
  { header: 'Content', cell: (row) => <ContentCell text={row.content} /> },
  nicknameColumn(),
  categoryColumn,
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
  nicknameColumn(),
  {
    header: 'On confession',
    cell: (row) => (
      <div className="max-w-sm min-w-48 space-y-1">
        <ShortId id={row.confessionId} />
        <p className="line-clamp-4 break-words whitespace-pre-wrap text-gray-700 dark:text-gray-300">
          {row.confessionContent}
        </p>
      </div>
    ),
  },
  submittedColumn(),
];

/** Pending comments (docs/product.md, Confessions), polled. */
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

/** Sender and recipient show by their moderation pseudonyms (8 characters; docs/product.md, Privacy). */
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

/** The pair's last messages, each sender by pseudonym: what the reporter saw. */
function Transcript({ report }: { report: PairingReportItem }) {
  if (report.transcript.length === 0) return <span className="text-gray-600 dark:text-gray-400">No messages</span>;
  return (
    <ol className="max-h-40 min-w-56 space-y-1 overflow-y-auto text-sm" aria-label="Transcript">
      {report.transcript.map((line) => (
        <li key={line.id}>
          <span
            className={
              line.fromId === report.reportedId ? 'font-semibold text-red-700 dark:text-red-300' : 'font-semibold'
            }
          >
            {line.fromId === report.reportedId ? 'Reported' : 'Reporter'}:
          </span>{' '}
          <span className="break-words">{line.content}</span>
        </li>
      ))}
    </ol>
  );
}

const pairingReportColumns: Column<PairingReportItem>[] = [
  { header: 'Reported', cell: (row) => <ShortId id={row.reportedId} /> },
  { header: 'By', cell: (row) => <ShortId id={row.reporterId} /> },
  {
    header: 'Reason',
    cell: (row) => (
      <>
        <span className="font-semibold">{reasonLabel(row.reason)}</span>
        {row.note && <p className="text-sm text-gray-700 dark:text-gray-300">{row.note}</p>}
      </>
    ),
  },
  { header: 'Transcript', cell: (row) => <Transcript report={row} /> },
  submittedColumn(),
];

/** Open reports of random pairs, with what was said, polled. */
export function PairingReports({ collegeCode, readOnly }: ListProps) {
  const decisions = usePairingReportDecisions();
  return (
    <QueueTable
      noun="pairing report"
      caption="Pairing reports"
      empty="No open pairing reports"
      failure="Failed to fetch pairing reports"
      columns={pairingReportColumns}
      query={useGetPairingReportsQuery(collegeCode, queuePolling)}
      decisions={(row) => decisions(row.id)}
      readOnly={readOnly}
    />
  );
}
