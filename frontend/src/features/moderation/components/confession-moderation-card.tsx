import type { ModeratedConfession } from '@secretchatbox/contracts';
import { type ReactNode, useState } from 'react';
import { Card } from '../../../components/ui/card';
import type { Column } from '../../../components/ui/data-table';
import { ShortId } from '../../../components/ui/short-id';
import { segmentStyles } from '../../../components/ui/styles';
import { useFailureToast } from '../../../components/notifications/use-outcome';
import { type ConfessionView, queuePolling, useGetCollegeConfessionsQuery } from '../api/queues';
import { categoryColumn, nicknameColumn, ReportsCell } from './public-columns';
import { ContentCell, QueueTable } from './queue-table';
import { fetchConfessionsFailed } from './toasts';
import { useConfessionDecisions } from './use-decisions';

const views: { value: ConfessionView; label: string }[] = [
  { value: 'pending', label: 'Pending Only' },
  { value: 'reported', label: 'Reported' },
  { value: 'all', label: 'All Confessions' },
];

const statusStyles: Record<ModeratedConfession['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

const columns: Column<ModeratedConfession>[] = [
  { header: 'ID', cell: (row) => <ShortId id={row.id} /> },
  { header: 'Content', cell: (row) => <ContentCell text={row.content} /> },
  nicknameColumn(),
  categoryColumn,
  { header: 'College', cell: (row) => row.collegeCode },
  {
    header: 'Status',
    cell: (row) => (
      <span className={`rounded-full px-2.5 py-1 text-xs font-semibold capitalize ${statusStyles[row.status]}`}>
        {row.status}
      </span>
    ),
  },
  { header: 'Reports', cell: (row) => <ReportsCell row={row} /> },
];

/**
 * The normal and college dashboards' table (docs/product.md, Screens): one college's confessions, pending
 * only, reported or all, with approve/reject for pending ones, reject (take down) for published
 * ones, review/dismiss for open reports, and delete for any.
 */
export function ConfessionModerationCard({
  collegeCode,
  readOnly,
  initialView = 'pending',
  picker,
}: {
  collegeCode: string;
  readOnly: boolean;
  initialView?: ConfessionView;
  /** A college picker, for admins of every college. */
  picker?: ReactNode;
}) {
  const [view, setView] = useState<ConfessionView>(initialView);
  const query = useGetCollegeConfessionsQuery({ collegeCode, view }, queuePolling);
  const decisions = useConfessionDecisions();
  useFailureToast(query, fetchConfessionsFailed);
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Confessions of {collegeCode}</h2>
        {picker}
        <div role="group" aria-label="Show" className="flex flex-wrap rounded-3xl bg-gray-100 p-1 dark:bg-gray-900/60">
          {views.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => setView(value)}
              className={segmentStyles}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <QueueTable
        noun="confession"
        caption="Confessions"
        empty="No confessions to display"
        failure="Failed to fetch confessions"
        columns={columns}
        query={query}
        decisions={decisions.table}
        readOnly={readOnly}
      />
    </Card>
  );
}
