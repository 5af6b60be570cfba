import {
  type AuditQueue,
  type AuditQueues,
  type AuditTarget,
  auditTargetTypes,
  type College,
} from '@secretchatbox/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ShortId } from '../../../components/ui/short-id';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { buttonStyles, inputStyles } from '../../../components/ui/styles';
import { useGetAuditQueuesQuery, useGetAuditStateQuery } from '../api';
import { isoToLocalInput, localInputToIso, momentLabel, targetLabels } from '../audit-text';
import { CollegeSelect } from './college-select';
import { ItemStateSummary } from './item-state-summary';

const smallInput = `${inputStyles} py-2`;

const queueTitles: Record<Exclude<keyof AuditQueues, 'at' | 'collegeCode'>, string> = {
  pendingConfessions: 'Pending confessions',
  pendingComments: 'Pending comments',
  pendingDirectMessages: 'Pending direct messages',
  reportedConfessions: 'Reported confessions',
};

function QueueList({ title, queue }: { title: string; queue: AuditQueue }) {
  return (
    <section className="rounded-2xl bg-gray-50 p-3 dark:bg-gray-900/50" aria-label={title}>
      <h4 className="flex items-baseline justify-between gap-2 font-semibold">
        {title} <span className="text-2xl font-extrabold text-purple-700 dark:text-purple-300">{queue.total}</span>
      </h4>
      {queue.items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">Empty</p>
      ) : (
        <ul className="mt-2 max-h-60 space-y-2 overflow-y-auto text-sm">
          {queue.items.map((item) => (
            <li key={item.id} className="rounded-xl bg-white p-2 dark:bg-gray-800">
              <p className="line-clamp-2 break-words">{item.content}</p>
              <p className="text-xs text-gray-600 dark:text-gray-400">
                <ShortId id={item.id} /> · since {momentLabel(item.since)}
                {item.reports !== undefined && ` · ${item.reports} open report${item.reports === 1 ? '' : 's'}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ItemAsOf({ at }: { at: string }) {
  const [draft, setDraft] = useState<{ type: AuditTarget['type']; id: string }>({ type: 'confession', id: '' });
  const [target, setTarget] = useState<AuditTarget | null>(null);
  const state = useGetAuditStateQuery(target ? { ...target, at } : skipToken);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.id.trim()) setTarget({ type: draft.type, id: draft.id.trim() });
  }
  return (
    <section aria-label="An item as of then" className="space-y-3">
      <h3 className="font-bold">An item as of then</h3>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        <Field label="Kind">
          {(id) => (
            <select
              id={id}
              value={draft.type}
              onChange={(event) => setDraft({ ...draft, type: event.target.value as AuditTarget['type'] })}
              className={smallInput}
            >
              {auditTargetTypes.map((type) => (
                <option key={type} value={type}>
                  {targetLabels[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Item id">
          {(id) => (
            <input
              id={id}
              value={draft.id}
              onChange={(event) => setDraft({ ...draft, id: event.target.value })}
              placeholder="The full id, from the log"
              className={`${smallInput} font-mono`}
            />
          )}
        </Field>
        <button type="submit" className={`${buttonStyles.base} ${buttonStyles.primary} py-2`}>
          Show
        </button>
      </form>
      {target && state.isFetching && <Spinner label="Loading the item" />}
      {target && state.isError && !state.isFetching && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
          No such item in your colleges.
        </p>
      )}
      {target && state.data && !state.isFetching && <ItemStateSummary state={state.data} />}
    </section>
  );
}

/** The moderation queues, and any item, as they stood at a chosen moment, replayed from the events. */
export function TimeTravelCard({ colleges }: { colleges?: readonly College[] }) {
  // Now, to the millisecond, until the auditor picks a moment (the picker shows minutes).
  const [at, setAt] = useState(() => new Date().toISOString());
  const [collegeCode, setCollegeCode] = useState('');
  const queues = useGetAuditQueuesQuery({ at, collegeCode: collegeCode || undefined });
  return (
    <Card className="space-y-5 p-4 sm:p-6" aria-labelledby="time-travel-title">
      <h2 id="time-travel-title" className="text-xl font-bold">
        Time Travel
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="As of" hint="Your local time">
          {(id) => (
            <input
              id={id}
              type="datetime-local"
              value={isoToLocalInput(at)}
              onChange={(event) => event.target.value && setAt(localInputToIso(event.target.value)!)}
              className={smallInput}
            />
          )}
        </Field>
        {colleges && (
          <CollegeSelect
            colleges={colleges}
            value={collegeCode}
            onChange={setCollegeCode}
            everyCollege="All colleges"
          />
        )}
      </div>
      <section aria-label="Queues as of then" className="space-y-3">
        <h3 className="font-bold">Moderation queues on {momentLabel(at)}</h3>
        {queues.data ? (
          <div className="grid gap-3 md:grid-cols-2">
            {(Object.keys(queueTitles) as (keyof typeof queueTitles)[]).map((name) => (
              <QueueList key={name} title={queueTitles[name]} queue={queues.data![name]} />
            ))}
          </div>
        ) : (
          <Spinner label="Replaying the queues" />
        )}
      </section>
      <ItemAsOf at={at} />
    </Card>
  );
}
