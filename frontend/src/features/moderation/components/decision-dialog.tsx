import { limits, type ModerationNote, type ReasonCode, reasonCodes } from '@secretchatbox/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { inputStyles } from '../../../components/ui/styles';
import { reasonLabels } from '../../../lib/report-reasons';

export type Ask = {
  title: string;
  confirmLabel: string;
  /** Offer the reason codes as well as the note. */
  withReason: boolean;
  noteLabel?: string;
  tone?: 'primary' | 'danger';
};

type Props = Ask & { onConfirm: (note: ModerationNote) => Promise<boolean>; onClose: () => void };

/** Asks for an optional reason and note before a decision; both may stay empty. */
export function DecisionDialog({ withReason, noteLabel = 'Note (optional)', onConfirm, ...dialog }: Props) {
  const [reasonCode, setReasonCode] = useState<ReasonCode | ''>('');
  const [note, setNote] = useState('');
  const confirm = () => onConfirm({ reasonCode: reasonCode || undefined, note: note.trim() || undefined });
  return (
    <ConfirmDialog {...dialog} onConfirm={confirm}>
      {withReason && (
        <Field label="Reason (optional)">
          {(id) => (
            <select
              id={id}
              value={reasonCode}
              onChange={(event) => setReasonCode(event.target.value as ReasonCode | '')}
              className={inputStyles}
            >
              <option value="">No reason given</option>
              {reasonCodes.map((code) => (
                <option key={code} value={code}>
                  {reasonLabels[code]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label={noteLabel}>
        {(id) => (
          <textarea
            id={id}
            rows={2}
            maxLength={limits.moderationNote.max}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={inputStyles}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
