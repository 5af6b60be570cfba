import { ArrowUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { Card } from '../../../components/ui/card';
import { buttonStyles } from '../../../components/ui/styles';
import { api } from '../../../lib/api';
import { countOf } from '../../../lib/plural';
import { AdPlaceholder } from '../../../components/ui/ad-placeholder';
import { Spinner } from '../../../components/ui/spinner';
import { type FeedFilters, useGetConfessionFeedInfiniteQuery, useGetFeaturedConfessionQuery } from '../api/confessions';
import { feedUpdatesApi, useWatchFeedQuery } from '../api/feed-updates';
import { ConfessionCard } from './confession-card';
import { LoadMore } from './load-more';

/**
 * "N new confessions", while the board watches its feed: confessions approved since it loaded,
 * shown on demand so that nothing moves under the reader.
 */
function NewConfessions({ count, onShow }: { count: number; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <div className="sticky top-20 z-20 flex justify-center">
      <button type="button" onClick={onShow} className={`${buttonStyles.base} ${buttonStyles.primary} py-2 text-sm`}>
        <ArrowUp className="size-4" aria-hidden /> {countOf(count, 'new confession')}
      </button>
    </div>
  );
}

/**
 * The approved confessions: Daily Featured first (the most liked of the last 24 hours, else the
 * newest; while searching, the first match), the rest below the ad placeholder.
 */
export function ConfessionFeed({ filters }: { filters: FeedFilters }) {
  const feed = useGetConfessionFeedInfiniteQuery(filters);
  const { isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = feed;
  const searching = filters.q.trim() !== '';
  const dispatch = useAppDispatch();
  const top = useRef<HTMLDivElement>(null);
  const { data: published = [] } = useWatchFeedQuery(filters.collegeCode);
  const daily = useGetFeaturedConfessionQuery(
    { collegeCode: filters.collegeCode, category: filters.category },
    { skip: searching },
  );
  // The board last shown whole stays until the new filters' page and Daily Featured have both come,
  // so that it never shows one of each (a Featured of another category over the filtered list).
  const whole =
    feed.currentData !== undefined && (searching || !daily.isFetching)
      ? { data: feed.currentData, dailyItem: daily.currentData?.item }
      : undefined;
  const [lastWhole, setLastWhole] = useState(whole);
  if (whole && (whole.data !== lastWhole?.data || whole.dailyItem !== lastWhole?.dailyItem)) setLastWhole(whole);
  const board = whole ?? lastWhole;
  const data = board?.data;
  if (isLoading || (!searching && daily.isLoading)) return <Spinner label="Loading confessions" />;
  if (isError && !data) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-200">
        Failed to fetch confessions
      </p>
    );
  }
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const featured = (!searching && board?.dailyItem) || items[0];
  const others = items.filter((item) => item.id !== featured?.id);
  const shown = new Set(items.map((item) => item.id));
  const fresh = published.filter((id) => !shown.has(id) && id !== featured?.id).length;
  const showFresh = () => {
    dispatch(feedUpdatesApi.util.updateQueryData('watchFeed', filters.collegeCode, () => []));
    dispatch(api.util.invalidateTags(['ConfessionFeed']));
    top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const banner = <NewConfessions count={fresh} onShow={showFresh} />;
  if (!featured) {
    const filtered = filters.category !== null || searching;
    return (
      <div ref={top} className="space-y-6">
        {banner}
        <Card className="p-10 text-center">
          <p className="text-lg font-semibold">No confessions found</p>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            {filtered ? 'Try adjusting your search or filters' : 'Be the first to share a confession!'}
          </p>
        </Card>
      </div>
    );
  }
  return (
    <div ref={top} className="scroll-mt-24 space-y-6">
      {banner}
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
