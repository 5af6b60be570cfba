import { PenLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';

const ExpandedForm = lazy(() => import('./expanded-confession-form'));

/** Spec section 2: collapsed to one button until the student starts writing. */
export function ConfessionForm({ collegeCode }: { collegeCode: string }) {
  const [expanded, setExpanded] = useState(false);
  if (!expanded) {
    return (
      <button
        type="button"
        onClick={() => setExpanded(true)}
        className="flex w-full items-center gap-3 rounded-3xl border border-white/60 bg-white/80 px-6 py-5 text-left text-gray-600 shadow-xl shadow-purple-900/5 transition hover:border-purple-300 dark:border-gray-700/70 dark:bg-gray-800/80 dark:text-gray-300"
      >
        <PenLine className="size-5 text-purple-600 dark:text-purple-400" aria-hidden />
        What's on your mind? Share anonymously...
      </button>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Opening the form" />}>
      <ExpandedForm collegeCode={collegeCode} onClose={() => setExpanded(false)} />
    </Suspense>
  );
}
