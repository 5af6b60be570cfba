import { Quote, Search, Star } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { inputStyles } from '../../components/ui/styles';
import { allCategoriesFilter, categoryStyles } from '../../lib/categories';
import { CategoryBadge } from '../../components/ui/category-badge';

const stories = [
  {
    category: 'academic',
    text: 'I was too shy to ask questions in lectures. Posting my doubts here got me three study partners.',
    time: '2h ago',
  },
  {
    category: 'advice',
    text: 'Someone told me it is fine to change majors in second year. I did, and I finally enjoy my classes.',
    time: '5h ago',
  },
  {
    category: 'funny',
    text: 'Waved back at someone in the library who was waving at the person behind me. Moved to another floor.',
    time: '1d ago',
  },
] as const;

export function StoryCards() {
  return (
    <section aria-labelledby="stories-title" className="py-12">
      <h2 id="stories-title" className="mb-8 text-center text-3xl font-bold">
        Stories from campus
      </h2>
      <div className="grid gap-6 md:grid-cols-3">
        {stories.map((story) => (
          <Card key={story.text} className="flex flex-col gap-4 p-6">
            <div className="flex items-center justify-between">
              <CategoryBadge category={story.category} />
              <Quote className="size-5 text-purple-400" aria-hidden />
            </div>
            <p className="flex-1 text-gray-800 dark:text-gray-200">{story.text}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">{story.time}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}

/** The landing search and category filter: present, inert, and hidden by default (docs/product.md, Screens). */
export function InertFilter() {
  return (
    <section hidden aria-label="Search confessions">
      <label className="relative block">
        <span className="sr-only">Search confessions</span>
        <Search className="absolute top-3.5 left-4 size-5 text-gray-500" aria-hidden />
        <input type="search" placeholder="Search confessions..." className={`${inputStyles} pl-12`} />
      </label>
      <div className="mt-4 flex flex-wrap gap-2">
        {[allCategoriesFilter, ...Object.values(categoryStyles)].map((category) => (
          <button key={category.label} type="button" className="rounded-full bg-gray-100 px-4 py-2 dark:bg-gray-700">
            <span aria-hidden>{category.emoji}</span> {category.label}
          </button>
        ))}
      </div>
    </section>
  );
}

export function FeaturedConfession() {
  return (
    <section aria-labelledby="featured-title" className="py-6">
      <Card className="overflow-hidden">
        <h2
          id="featured-title"
          className="flex items-center justify-center gap-2 bg-gradient-to-r from-amber-400 to-orange-500 px-6 py-3 text-sm font-bold text-gray-950"
        >
          <Star className="size-4" aria-hidden /> Confession of the Day
        </h2>
        <div className="space-y-4 p-6">
          <CategoryBadge category="crush" />
          <p className="text-lg text-gray-800 dark:text-gray-100">
            I have had a crush on my study group partner for three months, and today they saved me a seat. Small wins.
            😭
          </p>
          <p className="text-sm text-gray-600 dark:text-gray-400">Anonymous User · 245 points · 12 comments</p>
        </div>
      </Card>
    </section>
  );
}
