import { X } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { useGetConfessionQuery } from '../api/confessions';
import { ConfessionCard } from './confession-card';

/** What a shared link that leads nowhere says: the confession was removed, or never was. */
export const sharedConfessionGone = (
  <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
    This confession is not available. It may have been removed by a moderator.
  </p>
);

type SharedConfessionProps = { confessionId: string; onClose: () => void };

/** The confession a shared link points at, above the board. */
export function SharedConfession({ confessionId, onClose }: SharedConfessionProps) {
  const { data, isLoading, isError } = useGetConfessionQuery(confessionId);
  return (
    <section aria-labelledby="shared-title" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="shared-title" className="text-lg font-bold">
          Shared confession
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold text-purple-700 hover:bg-purple-100 dark:text-purple-300 dark:hover:bg-purple-900/40"
        >
          <X className="size-4" aria-hidden /> Close
        </button>
      </div>
      {isLoading && <Spinner label="Loading the shared confession" />}
      {isError && sharedConfessionGone}
      {data && <ConfessionCard confession={data} />}
    </section>
  );
}
