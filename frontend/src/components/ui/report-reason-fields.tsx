import { messages, type ReasonCode, reasonCodes } from '@secretchatbox/contracts';
import { inputStyles } from './styles';
import { reasonLabels } from '../../lib/report-reasons';

type Props = {
  reason: ReasonCode | null;
  note: string;
  onReason: (reason: ReasonCode) => void;
  onNote: (note: string) => void;
};

/** A report's reason (docs/product.md, Confessions) and optional note: what every report dialog asks. */
export function ReportReasonFields({ reason, note, onReason, onNote }: Props) {
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Reason</legend>
        <div className="space-y-2">
          {reasonCodes.map((code) => (
            <label
              key={code}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-gray-200 px-4 py-3 has-checked:border-purple-500 has-checked:bg-purple-50 dark:border-gray-600 dark:has-checked:bg-purple-950/40"
            >
              <input
                type="radio"
                name="reason"
                value={code}
                checked={reason === code}
                onChange={() => onReason(code)}
                className="accent-purple-600"
              />
              {reasonLabels[code]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block">
        <span className="mb-1 block text-sm font-semibold">Note for the moderators (optional)</span>
        <textarea
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => onNote(event.target.value)}
          className={inputStyles}
        />
      </label>
      {!reason && <p className="text-sm text-gray-600 dark:text-gray-400">{messages.reasonRequired}</p>}
    </>
  );
}
