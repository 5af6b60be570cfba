import { Clock } from 'lucide-react';
import { Card } from '../../../components/ui/card';

function untilReset(resetsAt: string | undefined): string | null {
  if (!resetsAt) return null;
  const minutes = Math.max(1, Math.ceil((Date.parse(resetsAt) - Date.now()) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Replaces the submission form once today's confessions are used up. */
export function DailyLimitPanel({ resetsAt }: { resetsAt?: string }) {
  const wait = untilReset(resetsAt);
  return (
    <Card className="flex items-start gap-4 p-6" role="status">
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300">
        <Clock className="size-6" aria-hidden />
      </span>
      <div>
        <h2 className="text-lg font-bold">Daily Limit Reached</h2>
        <p className="mt-1 text-gray-700 dark:text-gray-300">You've reached today's limit. Try again tomorrow.</p>
        {wait && <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">New confessions unlock in {wait}.</p>}
      </div>
    </Card>
  );
}
