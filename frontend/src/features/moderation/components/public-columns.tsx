import { anonymousName, type ModeratedConfession, type ReasonCode } from '@secretchatbox/contracts';
import { CategoryBadge } from '../../../components/ui/category-badge';
import type { Column } from '../../../components/ui/data-table';
import { relativeTime } from '../../../lib/relative-time';
import { reasonLabels } from '../../../lib/report-reasons';
import { hasOpenReports } from './use-decisions';

/**
 * The nickname as the public will read it: a nickname that gives a student away is refused by
 * rejecting the post with the reason "Personal information" (docs/api.md, "Admin roles").
 */
export const nicknameColumn = <Row extends { nickname: string | null }>(): Column<Row> => ({
  header: 'Nickname',
  cell: (row) => row.nickname ?? <span className="text-gray-600 italic dark:text-gray-400">{anonymousName}</span>,
});

export const categoryColumn: Column<{ category: string }> = {
  header: 'Category',
  cell: (row) => <CategoryBadge category={row.category} />,
};

export const reasonLabel = (reason: string) => reasonLabels[reason as ReasonCode] ?? reason;

/** A confession's report count and state, and each open report's reason, note and time. */
export function ReportsCell({ row }: { row: ModeratedConfession }) {
  if (row.reportedCount === 0) return <span className="text-gray-600 dark:text-gray-400">0</span>;
  const state = hasOpenReports(row) ? (row.hidden ? 'open, hidden' : 'open') : 'reviewed';
  return (
    <div className="min-w-48 space-y-2">
      <p className="font-semibold whitespace-nowrap text-red-800 dark:text-red-300">
        {row.reportedCount} <span className="font-normal">({state})</span>
      </p>
      {row.reports.length > 0 && (
        <ul className="max-h-40 space-y-1.5 overflow-y-auto text-sm" aria-label="Reports">
          {row.reports.map((report, index) => (
            <li key={index}>
              <span className="font-semibold">{reasonLabel(report.reason)}</span>{' '}
              <span className="text-gray-600 dark:text-gray-400">{relativeTime(report.reportedAt)}</span>
              {report.note && <p className="break-words text-gray-700 dark:text-gray-300">{report.note}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
