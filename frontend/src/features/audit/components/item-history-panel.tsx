import type { AuditHistoryEntry, AuditTarget } from '@secretchatbox/contracts';
import { Dialog } from '../../../components/ui/dialog';
import { ShortId, shortId } from '../../../components/ui/short-id';
import { buttonStyles } from '../../../components/ui/styles';
import { Spinner } from '../../../components/ui/spinner';
import { useGetAuditHistoryInfiniteQuery, useGetAuditStateQuery } from '../api';
import { actionLabel, actorLabel, momentLabel, targetLabels } from '../audit-text';
import { ItemStateSummary } from './item-state-summary';

type Props = { target: AuditTarget | null; onClose: () => void };

function HistoryEntry({ entry }: { entry: AuditHistoryEntry }) {
  return (
    <li className="relative border-l-2 border-purple-200 pb-4 pl-4 last:pb-0 dark:border-purple-800">
      <span
        className={`absolute top-1.5 -left-[7px] size-3 rounded-full ${entry.moderation ? 'bg-brand' : 'bg-gray-400'}`}
        aria-hidden
      />
      <p className="font-semibold">{actionLabel(entry.action)}</p>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        <time dateTime={entry.at}>{momentLabel(entry.at)}</time> · {actorLabel(entry.actor)}
      </p>
      {(entry.reasonCode || entry.note) && (
        <p className="text-sm break-words">
          {entry.reasonCode && <strong>{entry.reasonCode}</strong>}
          {entry.reasonCode && entry.note && ' · '}
          {entry.note}
        </p>
      )}
      {entry.requestId && (
        <p className="text-xs text-gray-600 dark:text-gray-400">
          Request <ShortId id={entry.requestId} />
        </p>
      )}
      {entry.hash && (
        <p className="text-xs text-gray-600 dark:text-gray-400">
          Chain link #{entry.link} <ShortId id={entry.hash} />
        </p>
      )}
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-purple-700 dark:text-purple-300">Event data</summary>
        <pre className="mt-1 overflow-x-auto rounded-xl bg-gray-100 p-2 text-xs dark:bg-gray-900">
          {JSON.stringify(entry.data, null, 2)}
        </pre>
      </details>
    </li>
  );
}

function HistoryBody({ target }: { target: AuditTarget }) {
  const history = useGetAuditHistoryInfiniteQuery(target);
  const entries = history.data?.pages.flatMap((page) => page.items);
  const state = useGetAuditStateQuery(target);
  return (
    <div className="space-y-5">
      <section aria-label="As it stands now" className="space-y-2">
        <h3 className="font-bold">Now</h3>
        {state.data ? <ItemStateSummary state={state.data} /> : <Spinner label="Loading its state" />}
      </section>
      <section aria-label="Every event" className="space-y-2">
        <h3 className="font-bold">Every event, oldest first</h3>
        {history.isError && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
            The history could not be loaded.
          </p>
        )}
        {entries ? (
          <ol>
            {entries.map((entry) => (
              <HistoryEntry key={entry.eventId} entry={entry} />
            ))}
          </ol>
        ) : (
          !history.isError && <Spinner label="Loading the history" />
        )}
        {history.hasNextPage && (
          <button
            type="button"
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
            className={`${buttonStyles.base} ${buttonStyles.outline} py-2`}
          >
            {history.isFetchingNextPage ? 'Loading…' : 'Load later events'}
          </button>
        )}
      </section>
    </div>
  );
}

/** A side panel with an item's state now and every event of it, deleted items included. */
export function ItemHistoryPanel({ target, onClose }: Props) {
  return (
    <Dialog
      placement="right"
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? `${targetLabels[target.type]} ${shortId(target.id)}` : ''}
      description="Its whole history from the event log."
    >
      {target && <HistoryBody target={target} />}
    </Dialog>
  );
}
