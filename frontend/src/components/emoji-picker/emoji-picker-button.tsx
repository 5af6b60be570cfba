import { Smile } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMediaQuery } from '../../lib/use-media-query';
import { Spinner } from '../ui/spinner';

const EmojiPanel = lazy(() => import('./emoji-panel'));

/**
 * Toggles the emoji picker: a bottom sheet on small screens, a popover above the button on wide
 * ones (docs/product.md, Screens). A click outside or Escape closes it; a picked emoji is handed to `onPick`.
 */
export function EmojiPickerButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 640px)');
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => !frame.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const panel = (
    <div
      role="dialog"
      aria-label="Emoji picker"
      className={
        wide
          ? 'absolute bottom-full left-0 z-50 mb-2 w-80 overflow-hidden rounded-2xl shadow-2xl'
          : 'fixed inset-x-0 bottom-0 z-50 overflow-hidden rounded-t-2xl shadow-2xl'
      }
    >
      <Suspense fallback={<Spinner label="Loading emoji" />}>
        <EmojiPanel onPick={onPick} compact={!wide} />
      </Suspense>
    </div>
  );
  // The sheet is rendered into the body: inside a blurred card, `fixed` would be relative to the card.
  const sheet = (
    <div ref={frame}>
      <div
        aria-hidden
        data-testid="emoji-backdrop"
        onClick={() => setOpen(false)}
        className="fixed inset-0 z-40 bg-gray-950/40"
      />
      {panel}
    </div>
  );

  return (
    <div className="relative" ref={wide ? frame : undefined}>
      <button
        type="button"
        aria-label={open ? 'Close emoji picker' : 'Add emoji'}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="rounded-full p-2 text-gray-600 transition hover:bg-purple-100 hover:text-purple-700 dark:text-gray-300 dark:hover:bg-purple-900/40"
      >
        <Smile className="size-5" aria-hidden />
      </button>
      {open && (wide ? panel : createPortal(sheet, document.body))}
    </div>
  );
}
