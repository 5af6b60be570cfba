import type { AuditItemState } from '@secretchatbox/contracts';
import { actionLabel, actorLabel, momentLabel } from '../audit-text';

/** What an item was at a moment: its status, counts and last decision. */
export function ItemStateSummary({ state }: { state: AuditItemState }) {
  if (state.status === null) {
    return <p className="text-gray-700 dark:text-gray-300">It did not exist yet on {momentLabel(state.at)}.</p>;
  }
  const counts = Object.entries(state.counts);
  const details = Object.entries(state.details).filter(([, value]) => value !== null);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">Status</dt>
      <dd>
        <span className="rounded-full bg-purple-100 px-2 py-0.5 font-semibold text-purple-900 dark:bg-purple-900/50 dark:text-purple-100">
          {state.status}
        </span>
      </dd>
      {state.collegeCode && (
        <>
          <dt className="font-semibold">College</dt>
          <dd>{state.collegeCode}</dd>
        </>
      )}
      {counts.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-semibold capitalize">{name.replace(/([A-Z])/g, ' $1').toLowerCase()}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {details.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-semibold capitalize">{name.replace(/([A-Z])/g, ' $1').toLowerCase()}</dt>
          <dd className="break-words">{typeof value === 'boolean' ? (value ? 'yes' : 'no') : value}</dd>
        </div>
      ))}
      <dt className="font-semibold">Last decision</dt>
      <dd>
        {state.decision
          ? `${actionLabel(state.decision.action)} by ${actorLabel(state.decision.by)}, ${momentLabel(state.decision.at)}`
          : 'None yet'}
      </dd>
    </dl>
  );
}
