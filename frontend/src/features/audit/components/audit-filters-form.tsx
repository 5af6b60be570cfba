import { type College, moderationActions } from '@secretchatbox/contracts';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { buttonStyles, inputStyles } from '../../../components/ui/styles';
import type { AuditFilters } from '../api';
import { actionLabel, isoToLocalInput, localInputToIso } from '../audit-text';
import { CollegeSelect } from './college-select';

type Props = {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  /** The colleges an auditor or the chief may pick from; absent for a college admin, whose log is its college's. */
  colleges?: readonly College[];
};

const smallInput = `${inputStyles} py-2`;

/** The log's filters: college, moderator, action and time range, applied together. */
export function AuditFiltersForm({ filters, onApply, colleges }: Props) {
  const [draft, setDraft] = useState({
    collegeCode: filters.collegeCode ?? '',
    actor: filters.actor ?? '',
    action: filters.action ?? '',
    from: filters.from ? isoToLocalInput(filters.from) : '',
    to: filters.to ? isoToLocalInput(filters.to) : '',
  });
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      collegeCode: draft.collegeCode || undefined,
      actor: draft.actor.trim() || undefined,
      action: (draft.action || undefined) as AuditFilters['action'],
      from: localInputToIso(draft.from),
      to: localInputToIso(draft.to),
    });
  }

  function clear() {
    setDraft({ collegeCode: '', actor: '', action: '', from: '', to: '' });
    onApply({});
  }

  return (
    <form onSubmit={submit} aria-label="Log filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {colleges && (
        <CollegeSelect
          colleges={colleges}
          value={draft.collegeCode}
          onChange={(collegeCode) => setDraft((current) => ({ ...current, collegeCode }))}
          everyCollege="All colleges"
        />
      )}
      <Field label="Moderator">
        {(id) => (
          <input
            id={id}
            value={draft.actor}
            onChange={set('actor')}
            placeholder="Username or id"
            className={smallInput}
          />
        )}
      </Field>
      <Field label="Action">
        {(id) => (
          <select id={id} value={draft.action} onChange={set('action')} className={smallInput}>
            <option value="">Every action</option>
            {moderationActions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="From">
        {(id) => (
          <input id={id} type="datetime-local" value={draft.from} onChange={set('from')} className={smallInput} />
        )}
      </Field>
      <Field label="To">
        {(id) => <input id={id} type="datetime-local" value={draft.to} onChange={set('to')} className={smallInput} />}
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
        <button type="submit" className={`${buttonStyles.base} ${buttonStyles.primary} py-2`}>
          Apply filters
        </button>
        <button type="button" onClick={clear} className={`${buttonStyles.base} ${buttonStyles.subtle}`}>
          Clear
        </button>
      </div>
    </form>
  );
}
