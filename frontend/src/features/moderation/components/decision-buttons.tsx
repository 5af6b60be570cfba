import type { ModerationNote } from '@secretchatbox/contracts';
import { useState } from 'react';
import { type ActionTone, actionButtonStyles } from '../../../components/ui/styles';
import { type Ask, DecisionDialog } from './decision-dialog';

export type Decision = {
  label: string;
  tone: ActionTone;
  /** Ask for a note (and perhaps a reason) first; without it the decision is taken at once. */
  ask?: Ask;
  /** Takes the decision and says how it went; resolves true on success. */
  run: (note: ModerationNote) => Promise<boolean>;
};

/**
 * The decision buttons of one row. Each button's name also names the item ("Approve confession
 * 1a2b3c4d"), so a screen reader can tell the rows apart.
 */
export function DecisionButtons({ subject, decisions }: { subject: string; decisions: readonly Decision[] }) {
  const [asking, setAsking] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);

  const decide = async (decision: Decision) => {
    if (decision.ask) return setAsking(decision);
    setBusy(true);
    await decision.run({});
    setBusy(false);
  };

  if (decisions.length === 0) return <span className="text-gray-500 dark:text-gray-400">None</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {decisions.map((decision) => (
        <button
          key={decision.label}
          type="button"
          disabled={busy}
          aria-label={`${decision.label} ${subject}`}
          onClick={() => decide(decision)}
          className={`${actionButtonStyles.base} ${actionButtonStyles[decision.tone]}`}
        >
          {decision.label}
        </button>
      ))}
      {asking?.ask && <DecisionDialog {...asking.ask} onConfirm={asking.run} onClose={() => setAsking(null)} />}
    </div>
  );
}
