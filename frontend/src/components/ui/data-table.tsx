import { type ReactNode, useRef } from 'react';
import { useFocusStaysWithin } from '../../lib/use-focus-when-lost';
import { useMediaQuery } from '../../lib/use-media-query';
import { Spinner } from './spinner';

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string };

type Props<Row> = {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Shown instead of the rows when there are none. */
  empty: string;
  isLoading?: boolean;
  /** Shown as an alert when the rows could not be fetched. */
  error?: string | false;
  /** Narrow tables (two columns) need no minimum width. */
  compact?: boolean;
};

/** Below Tailwind's `sm`, where a table of many columns cannot show them all. */
const phoneWidth = '(max-width: 639px)';

/**
 * A table of rows with a caption for screen readers. On a phone each row becomes a card with
 * every field and action under its heading (narrow tables stay tables); a table that is still too
 * wide scrolls sideways inside its card, so the page itself never does.
 */
export function DataTable<Row>(props: Props<Row>) {
  const { caption, columns, rows, rowKey, empty, isLoading, error, compact } = props;
  const asCards = useMediaQuery(phoneWidth) && !compact;
  // A row decided away with focus on it leaves focus on its table.
  const frame = useRef<HTMLDivElement>(null);
  useFocusStaysWithin(frame);
  return (
    <div ref={frame} tabIndex={-1} role="group" aria-label={caption} className="min-w-0">
      {error && (
        <p role="alert" className="mb-3 rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
          {error}
        </p>
      )}
      {asCards ? (
        <RowCards {...props} />
      ) : (
        <div className="overflow-x-auto">
          <table className={`w-full text-left text-sm ${compact ? '' : 'min-w-[36rem]'}`}>
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-gray-200 text-gray-700 dark:border-gray-700 dark:text-gray-300">
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className="px-3 py-3 font-semibold whitespace-nowrap">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-gray-700/70">
              {rows?.map((row) => (
                <tr key={rowKey(row)} className="align-top">
                  {columns.map((column) => (
                    <td key={column.header} className={`px-3 py-3 ${column.className ?? ''}`}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {isLoading && <Spinner label={`Loading ${caption.toLowerCase()}`} />}
      {rows?.length === 0 && <p className="px-3 py-10 text-center text-gray-600 dark:text-gray-400">{empty}</p>}
    </div>
  );
}

/** The rows as a list of cards, each field under its column's heading. */
function RowCards<Row>({ caption, columns, rows, rowKey }: Props<Row>) {
  return (
    <ul aria-label={caption} className="space-y-3">
      {rows?.map((row) => (
        <li key={rowKey(row)} className="rounded-2xl border border-gray-200 p-3 dark:border-gray-700">
          <dl className="space-y-2.5 text-sm">
            {columns.map((column) => (
              <div key={column.header}>
                <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
                  {column.header}
                </dt>
                <dd className={`mt-0.5 min-w-0 break-words ${column.className ?? ''}`}>{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
