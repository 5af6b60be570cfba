import { anonymousName, type ConfessionItem } from '@secretchatbox/contracts';
import { MessageCircle, Star } from 'lucide-react';
import { useState } from 'react';
import { CategoryBadge } from '../../../components/ui/category-badge';
import { Card } from '../../../components/ui/card';
import { countOf } from '../../../lib/plural';
import { relativeTime } from '../../../lib/relative-time';
import { actionStyles } from './action-styles';
import { CommentsSection } from './comments-section';
import { LikeButton } from './like-button';
import { ReportButton } from './report-dialog';
import { ShareButton } from './share-button';

type ConfessionCardProps = { confession: ConfessionItem; featured?: boolean };

/** One confession. Its content is rendered as text, never as markup. */
export function ConfessionCard({ confession, featured = false }: ConfessionCardProps) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  return (
    <Card className="overflow-hidden" aria-label={featured ? 'Daily Featured' : undefined}>
      {featured && (
        <div className="flex items-center justify-center gap-2 bg-gradient-to-r from-amber-400 to-orange-500 px-6 py-2.5 text-sm font-bold text-gray-950">
          <Star className="size-4" aria-hidden /> Daily Featured{' '}
          <span className="font-medium">· Most popular today</span>
        </div>
      )}
      <article className="p-6" data-testid="confession">
        <header className="flex items-start justify-between gap-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CategoryBadge category={confession.category} />
            <span className="font-semibold text-purple-700 dark:text-purple-300">
              {confession.nickname ? `@${confession.nickname}` : anonymousName}
            </span>
          </div>
          <ReportButton confessionId={confession.id} reported={confession.reported} />
        </header>
        <p className="mt-4 text-lg break-words whitespace-pre-wrap text-gray-900 dark:text-gray-100">
          {confession.content}
        </p>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600 dark:text-gray-400">
          <time dateTime={confession.createdAt}>{relativeTime(confession.createdAt)}</time>
          <p>
            <span>{countOf(confession.likes, 'point')}</span>{' '}
            <span className="ml-3">{countOf(confession.commentCount, 'comment')}</span>
          </p>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <LikeButton confession={confession} />
          <button
            type="button"
            aria-expanded={commentsOpen}
            onClick={() => setCommentsOpen(!commentsOpen)}
            className={actionStyles}
          >
            <MessageCircle className="size-4" aria-hidden />{' '}
            <span className="sr-only">{`Comments (${confession.commentCount})`}</span>
            <span aria-hidden>{confession.commentCount}</span>
          </button>
          <ShareButton confessionId={confession.id} />
        </div>
        {commentsOpen && <CommentsSection confessionId={confession.id} />}
      </article>
    </Card>
  );
}
