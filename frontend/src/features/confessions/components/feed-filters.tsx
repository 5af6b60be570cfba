import { type Category, categories } from '@secretchatbox/contracts';
import { Filter, Search } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { inputStyles } from '../../../components/ui/styles';
import { allCategoriesFilter, categoryStyles } from '../../../lib/categories';
import type { FeedSort } from '../api/confessions';

export type FilterState = { category: Category | null; search: string; sort: FeedSort };

const chipStyles =
  'rounded-full px-4 py-2 text-sm font-semibold transition aria-pressed:bg-brand aria-pressed:text-white bg-gray-100 text-gray-800 hover:bg-purple-100 dark:bg-gray-700 dark:text-gray-100 dark:hover:bg-purple-900/50';
const sortStyles =
  'flex-1 rounded-xl px-4 py-2.5 text-sm font-semibold transition aria-pressed:bg-brand aria-pressed:text-white bg-gray-100 text-gray-800 hover:bg-purple-100 dark:bg-gray-700 dark:text-gray-100 dark:hover:bg-purple-900/50';

const sorts: { value: FeedSort; label: string; emoji: string }[] = [
  { value: 'newest', label: 'Newest', emoji: '🕐' },
  { value: 'popular', label: 'Most Liked', emoji: '🔥' },
];

type FeedFiltersProps = { value: FilterState; onChange: (value: FilterState) => void };

/** The Filter & Search card: search on the content, category chips and the sort order. */
export function FeedFilters({ value, onChange }: FeedFiltersProps) {
  const chips = [
    { category: null, ...allCategoriesFilter },
    ...categories.map((category) => ({ category, ...categoryStyles[category] })),
  ];
  return (
    <Card className="space-y-4 p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Filter className="size-5 text-purple-600 dark:text-purple-400" aria-hidden /> Filter & Search
      </h2>
      <label className="relative block">
        <span className="sr-only">Search confessions</span>
        <Search className="absolute top-3.5 left-4 size-5 text-gray-500" aria-hidden />
        <input
          type="search"
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
          placeholder="Search confessions..."
          className={`${inputStyles} pl-12`}
        />
      </label>
      <div role="group" aria-labelledby="category-filter-label">
        <p id="category-filter-label" className="mb-2 text-sm font-semibold">
          Category
        </p>
        <div className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <button
              key={chip.label}
              type="button"
              aria-pressed={value.category === chip.category}
              onClick={() => onChange({ ...value, category: chip.category })}
              className={chipStyles}
            >
              <span aria-hidden>{chip.emoji}</span> {chip.label}
            </button>
          ))}
        </div>
      </div>
      <div role="group" aria-labelledby="sort-label">
        <p id="sort-label" className="mb-2 text-sm font-semibold">
          Sort by
        </p>
        <div className="flex gap-2">
          {sorts.map((sort) => (
            <button
              key={sort.value}
              type="button"
              aria-pressed={value.sort === sort.value}
              onClick={() => onChange({ ...value, sort: sort.value })}
              className={sortStyles}
            >
              <span aria-hidden>{sort.emoji}</span> {sort.label}
            </button>
          ))}
          {/* The Trending button is present and does nothing yet (docs/product.md, Screens). */}
          <button type="button" aria-pressed={false} title="Trending is coming soon" className={sortStyles}>
            <span aria-hidden>📈</span> Trending
          </button>
        </div>
      </div>
    </Card>
  );
}
