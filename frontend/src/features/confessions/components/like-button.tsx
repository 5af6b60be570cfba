import type { ConfessionItem } from '@secretchatbox/contracts';
import { ThumbsUp } from 'lucide-react';
import { useNotify } from '../../../components/notifications/use-notify';
import { useLikeConfessionMutation } from '../api/confessions';
import { actionStyles } from './action-styles';
import { toasts } from './toasts';

/** Toggles the visitor's like; disabled while a like is in flight (docs/product.md, Screens). */
export function LikeButton({ confession }: { confession: ConfessionItem }) {
  const [like, { isLoading }] = useLikeConfessionMutation();
  const notify = useNotify();
  return (
    <button
      type="button"
      aria-pressed={confession.liked}
      disabled={isLoading}
      onClick={async () => {
        if ((await like(confession.id)).error) notify(toasts.likeFailed);
      }}
      className={actionStyles}
    >
      <ThumbsUp className={`size-4 ${confession.liked ? 'fill-current' : ''}`} aria-hidden />{' '}
      {/* Named "Like (3)" by its content, which holds the visible count, as axe-core asks. */}
      <span className="sr-only">{`${confession.liked ? 'Unlike' : 'Like'} (${confession.likes})`}</span>
      <span aria-hidden>{confession.likes}</span>
    </button>
  );
}
