import { useEffect, useEffectEvent, useRef } from 'react';
import { buttonStyles } from '../../../components/ui/styles';

type LoadMoreProps = { onLoad: () => void; loading: boolean };

/** Loads the next page as it scrolls into view; as a button it also works by keyboard and without scrolling. */
export function LoadMore({ onLoad, loading }: LoadMoreProps) {
  const button = useRef<HTMLButtonElement>(null);
  // The latest onLoad, without observing anew each time it changes.
  const load = useEffectEvent(onLoad);
  useEffect(() => {
    const element = button.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: '400px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="flex justify-center">
      <button
        ref={button}
        type="button"
        disabled={loading}
        onClick={onLoad}
        className={`${buttonStyles.base} ${buttonStyles.outline}`}
      >
        {loading ? 'Loading...' : 'Load more confessions'}
      </button>
    </div>
  );
}
