import { PenLine } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useFocusWhenLost } from '../../../lib/use-focus-when-lost';

const ExpandedForm = lazy(() => import('./expanded-confession-form'));

/** Collapsed to one button until the student starts writing (docs/product.md, Screens). */
export function ConfessionForm({ collegeCode }: { collegeCode: string }) {
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!expanded) {
    const open = () => {
      setExpanded(true);
      setOpened(true);
    };
    return <CollapsedForm onOpen={open} returning={opened} />;
  }
  return (
    <Suspense fallback={<Spinner label="Opening the form" />}>
      <ExpandedForm collegeCode={collegeCode} onClose={() => setExpanded(false)} />
    </Suspense>
  );
}

/** The one button; it takes focus back when the form it opened closes (not as the page opens). */
function CollapsedForm({ onOpen, returning }: { onOpen: () => void; returning: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useFocusWhenLost(button, returning);
  return (
    <button
      ref={button}
      type="button"
      onClick={onOpen}
      className="flex w-full items-center gap-3 rounded-3xl border border-white/60 bg-white/80 px-6 py-5 text-left text-gray-600 shadow-xl shadow-purple-900/5 transition hover:border-purple-300 dark:border-gray-700/70 dark:bg-gray-800/80 dark:text-gray-300"
    >
      <PenLine className="size-5 text-purple-600 dark:text-purple-400" aria-hidden />
      What's on your mind? Share anonymously...
    </button>
  );
}
