import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ConfessionFeed } from './confession-feed';
import { FeedFilters, type FilterState } from './feed-filters';

const searchDelayMs = 300;

/** The Filter & Search card and the feed it filters. */
export function ConfessionBoard({ collegeCode }: { collegeCode: string }) {
  const [filters, setFilters] = useState<FilterState>({ category: null, search: '', sort: 'newest' });
  const q = useDebouncedValue(filters.search.trim(), searchDelayMs);
  return (
    <>
      <FeedFilters value={filters} onChange={setFilters} />
      <ConfessionFeed filters={{ collegeCode, category: filters.category, sort: filters.sort, q }} />
    </>
  );
}
