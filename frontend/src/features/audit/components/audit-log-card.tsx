import type { AuditTarget, College } from '@secretchatbox/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { Card } from '../../../components/ui/card';
import { actionButtonStyles, buttonStyles } from '../../../components/ui/styles';
import { useNotify } from '../../../components/notifications/use-notify';
import { type AuditFilters, auditApi, downloadAuditExport, useGetAuditLogInfiniteQuery } from '../api';
import { AuditFiltersForm } from './audit-filters-form';
import { AuditLogTable } from './audit-log-table';
import { ItemHistoryPanel } from './item-history-panel';

type Props = {
  /** The colleges to filter by (auditors, the chief); absent for a college admin's own log. */
  colleges?: readonly College[];
  /** A dashboard's one college: the log is that college's. */
  collegeCode?: string;
};

/** The moderation log: filters, export, the entries a page at a time, and each item's history. */
export function AuditLogCard({ colleges, collegeCode }: Props) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [opened, setOpened] = useState<AuditTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const notify = useNotify();
  const dispatch = useAppDispatch();
  const scoped = collegeCode ? { ...filters, collegeCode } : filters;
  const log = useGetAuditLogInfiniteQuery(scoped);
  const entries = log.data?.pages.flatMap((page) => page.items);

  async function exportAs(format: 'csv' | 'json') {
    setExporting(true);
    try {
      await downloadAuditExport(format, scoped);
      notify({
        title: `Exported the log as ${format.toUpperCase()}`,
        description: 'The export is recorded in the log.',
      });
      // The export is an event of the log: show it.
      dispatch(auditApi.util.invalidateTags(['AuditLog']));
    } catch {
      notify({ title: 'Export failed', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card className="space-y-4 p-4 sm:p-6" aria-labelledby="audit-log-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-log-title" className="text-xl font-bold">
          Moderation Log
        </h2>
        <div className="flex flex-wrap gap-2">
          {(['csv', 'json'] as const).map((format) => (
            <button
              key={format}
              type="button"
              disabled={exporting}
              onClick={() => void exportAs(format)}
              className={`${actionButtonStyles.base} ${actionButtonStyles.neutral}`}
            >
              <Download className="size-4" aria-hidden /> Export {format.toUpperCase()}
            </button>
          ))}
        </div>
      </div>
      <AuditFiltersForm filters={filters} onApply={setFilters} colleges={colleges} />
      <AuditLogTable
        entries={entries}
        isLoading={log.isLoading}
        error={log.isError && 'The log could not be loaded.'}
        onOpen={(entry) => setOpened(entry.target)}
      />
      {log.hasNextPage && (
        <div className="flex justify-center">
          <button
            type="button"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
            className={`${buttonStyles.base} ${buttonStyles.outline} py-2`}
          >
            {log.isFetchingNextPage ? 'Loading…' : 'Load older entries'}
          </button>
        </div>
      )}
      <ItemHistoryPanel target={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
