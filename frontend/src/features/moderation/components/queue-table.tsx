import { type Column, DataTable } from '../../../components/ui/data-table';
import { shortId } from '../../../components/ui/short-id';
import { relativeTime } from '../../../lib/relative-time';
import type { CollegeScope } from '../api/queues';
import { type Decision, DecisionButtons } from './decision-buttons';

/** What every moderation list is given: its college (or all) and whether the admin may decide. */
export type ListProps = { collegeCode: CollegeScope; readOnly: boolean };

/** User text as plain React text, wrapped so long words never widen the table. */
export function ContentCell({ text }: { text: string }) {
  return <p className="max-w-md min-w-48 break-words whitespace-pre-wrap">{text}</p>;
}

export const submittedColumn = <Row extends { createdAt: string }>(): Column<Row> => ({
  header: 'Submitted',
  cell: (row) => relativeTime(row.createdAt),
  className: 'whitespace-nowrap text-gray-700 dark:text-gray-300',
});

type Props<Row extends { id: string }> = {
  /** Names the item in each button ("Approve comment 1a2b3c4d"). */
  noun: string;
  caption: string;
  empty: string;
  /** The inline message when the list cannot be fetched. */
  failure: string;
  columns: Column<Row>[];
  /** The list's query; `currentData` so that another view never shows the previous view's rows. */
  query: { currentData?: Row[]; isFetching: boolean; isError: boolean };
  decisions: (row: Row) => Decision[];
  /** Auditors see the lists without the Actions column. */
  readOnly: boolean;
};

/** A moderation list: its rows, and the decisions on each unless the admin only reads. */
export function QueueTable<Row extends { id: string }>({
  noun,
  failure,
  columns,
  query,
  decisions,
  readOnly,
  ...table
}: Props<Row>) {
  const actions: Column<Row> = {
    header: 'Actions',
    cell: (row) => <DecisionButtons subject={`${noun} ${shortId(row.id)}`} decisions={decisions(row)} />,
  };
  return (
    <DataTable
      {...table}
      columns={readOnly ? columns : [...columns, actions]}
      rowKey={(row) => row.id}
      rows={query.currentData}
      isLoading={query.isFetching && !query.currentData}
      error={query.isError && failure}
    />
  );
}
