import type { AuditLogEntry } from '@secretchatbox/contracts';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { ShortId, shortId } from '../../../components/ui/short-id';
import { actionButtonStyles } from '../../../components/ui/styles';
import { actionLabel, actorLabel, momentLabel, targetLabels } from '../audit-text';

type Props = {
  entries: readonly AuditLogEntry[] | undefined;
  isLoading: boolean;
  error?: string | false;
  onOpen: (entry: AuditLogEntry) => void;
};

/** The moderation log's rows; each item opens its whole history. */
export function AuditLogTable({ entries, isLoading, error, onOpen }: Props) {
  const columns: Column<AuditLogEntry>[] = [
    {
      header: 'When',
      cell: (entry) => <time dateTime={entry.at}>{momentLabel(entry.at)}</time>,
      className: 'whitespace-nowrap',
    },
    { header: 'Action', cell: (entry) => <span className="font-semibold">{actionLabel(entry.action)}</span> },
    { header: 'By', cell: (entry) => actorLabel(entry.actor) },
    { header: 'College', cell: (entry) => entry.collegeCode ?? 'All' },
    {
      header: 'Item',
      cell: (entry) => (
        <button
          type="button"
          onClick={() => onOpen(entry)}
          className={`${actionButtonStyles.base} ${actionButtonStyles.neutral}`}
          aria-label={`History of ${targetLabels[entry.target.type].toLowerCase()} ${shortId(entry.target.id)}`}
        >
          {targetLabels[entry.target.type]} <span className="font-mono text-xs">{shortId(entry.target.id)}</span>
        </button>
      ),
    },
    {
      header: 'Reason',
      cell: (entry) =>
        entry.reasonCode || entry.note ? (
          <span className="break-words">
            {entry.reasonCode && <strong>{entry.reasonCode}</strong>}
            {entry.reasonCode && entry.note && ' · '}
            {entry.note}
          </span>
        ) : (
          <span className="text-gray-600 dark:text-gray-400">None</span>
        ),
      className: 'max-w-56',
    },
    {
      header: 'Link',
      cell: (entry) =>
        entry.hash ? (
          <span className="whitespace-nowrap">
            #{entry.link} <ShortId id={entry.hash} />
          </span>
        ) : (
          <span className="text-gray-600 dark:text-gray-400">Linking…</span>
        ),
    },
  ];
  return (
    <DataTable
      caption="Moderation log"
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.eventId}
      empty="No moderation events match these filters."
      isLoading={isLoading}
      error={error}
    />
  );
}
