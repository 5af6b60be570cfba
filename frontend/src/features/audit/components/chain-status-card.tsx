import { RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { actionButtonStyles } from '../../../components/ui/styles';
import { useGetChainStatusQuery } from '../api';

/**
 * The tamper-evident chain, recomputed by the server from the first event: intact with its head
 * hash (note it, and compare it later), or the first broken link.
 */
export function ChainStatusCard() {
  const { data: status, isFetching, isError, refetch } = useGetChainStatusQuery();
  return (
    <Card className="space-y-3 p-4 sm:p-6" aria-labelledby="chain-status-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="chain-status-title" className="text-xl font-bold">
          Audit chain
        </h2>
        <button
          type="button"
          onClick={() => void refetch()}
          disabled={isFetching}
          className={`${actionButtonStyles.base} ${actionButtonStyles.neutral}`}
        >
          <RefreshCw className={`size-4 ${isFetching ? 'animate-spin' : ''}`} aria-hidden /> Verify again
        </button>
      </div>
      {!status && isFetching && <Spinner label="Verifying the chain" />}
      {isError && !isFetching && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
          The chain could not be verified just now. Try again.
        </p>
      )}
      {status && (
        <div className="space-y-2" aria-live="polite">
          {status.intact ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-emerald-100 px-3 py-1.5 text-sm font-bold text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100">
              <ShieldCheck className="size-4" aria-hidden /> Intact · {status.links.toLocaleString()} links
            </p>
          ) : (
            <p className="inline-flex items-center gap-2 rounded-full bg-red-100 px-3 py-1.5 text-sm font-bold text-red-900 dark:bg-red-900/50 dark:text-red-100">
              <ShieldAlert className="size-4" aria-hidden /> Broken at link {status.broken?.link}
            </p>
          )}
          <p className="text-sm break-all text-gray-700 dark:text-gray-300">{status.message}</p>
          <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="font-semibold">Head hash</dt>
            <dd className="font-mono text-xs break-all text-gray-800 dark:text-gray-200">{status.head}</dd>
            <dt className="font-semibold">Checked</dt>
            <dd>{new Date(status.checkedAt).toLocaleString()}</dd>
            {status.unlinked > 0 && (
              <>
                <dt className="font-semibold">Not linked yet</dt>
                <dd>{status.unlinked} newer events (the chain follows the log a moment behind)</dd>
              </>
            )}
          </dl>
        </div>
      )}
    </Card>
  );
}
