import { Card } from '../../../components/ui/card';
import { AdPlaceholder } from '../../../components/ui/ad-placeholder';
import { Spinner } from '../../../components/ui/spinner';
import { type FeedFilters, useGetConfessionFeedInfiniteQuery } from '../api/confessions';
import { ConfessionCard } from './confession-card';
import { LoadMore } from './load-more';

/** The approved confessions: the first as Daily Featured, the rest below the ad placeholder. */
export function ConfessionFeed({ filters }: { filters: FeedFilters }) {
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useGetConfessionFeedInfiniteQuery(filters);
  if (isLoading) return <Spinner label="Loading confessions" />;
  if (isError && !data) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-200">
        Failed to fetch confessions
      </p>
    );
  }
  const [featured, ...others] = data?.pages.flatMap((page) => page.items) ?? [];
  if (!featured) {
    const filtered = filters.category !== null || filters.q.trim() !== '';
    return (
      <Card className="p-10 text-center">
        <p className="text-lg font-semibold">No confessions found</p>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          {filtered ? 'Try adjusting your search or filters' : 'Be the first to share a confession!'}
        </p>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <ConfessionCard confession={featured} featured />
      <AdPlaceholder width={728} height={90} />
      {others.length > 0 && (
        <ul className="space-y-6" aria-label="Confessions">
          {others.map((confession) => (
            <li key={confession.id}>
              <ConfessionCard confession={confession} />
            </li>
          ))}
        </ul>
      )}
      {hasNextPage && <LoadMore onLoad={() => !isFetchingNextPage && fetchNextPage()} loading={isFetchingNextPage} />}
    </div>
  );
}
