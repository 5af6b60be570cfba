import { messages, type ReasonCode, reasonCodes } from '@secretchatbox/contracts';
import { Flag } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { buttonStyles, inputStyles } from '../../../components/ui/styles';
import type { ApiError } from '../../../lib/api';
import { reasonLabels } from '../../../lib/report-reasons';
import { useNotify } from '../../notifications/use-notify';
import { useReportConfessionMutation } from '../api/reports';
import { toasts } from './toasts';

/** The flag button and its dialog: the visitor picks a reason and may add a note for the moderators. */
export function ReportButton({ confessionId }: { confessionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Report confession"
        onClick={() => setOpen(true)}
        className="rounded-full p-2 text-gray-500 transition hover:bg-red-50 hover:text-red-700 dark:text-gray-400 dark:hover:bg-red-950/40 dark:hover:text-red-300"
      >
        <Flag className="size-4" aria-hidden />
      </button>
      {open && <ReportDialog confessionId={confessionId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({ confessionId, onClose }: { confessionId: string; onClose: () => void }) {
  const [reason, setReason] = useState<ReasonCode | null>(null);
  const [note, setNote] = useState('');
  const [report, { isLoading }] = useReportConfessionMutation();
  const notify = useNotify();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    const result = await report({ confessionId, reason, note: note.trim() || undefined });
    const error = result.error as ApiError | undefined;
    if (!error) notify(toasts.reportSent);
    else if (error.status === 409) notify(toasts.alreadyReported);
    else notify(toasts.reportFailed);
    if (!error || error.status === 409) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Report this confession"
      description="Tell the moderators what is wrong. Your report is anonymous."
    >
      <form onSubmit={onSubmit} className="space-y-4">
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
                  onChange={() => setReason(code)}
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
            onChange={(event) => setNote(event.target.value)}
            className={inputStyles}
          />
        </label>
        {!reason && <p className="text-sm text-gray-600 dark:text-gray-400">{messages.reasonRequired}</p>}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className={`${buttonStyles.base} ${buttonStyles.outline}`}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={!reason || isLoading}
            className={`${buttonStyles.base} ${buttonStyles.primary}`}
          >
            {isLoading ? 'Sending...' : 'Send report'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
