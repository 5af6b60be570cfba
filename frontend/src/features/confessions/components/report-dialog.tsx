import type { ReasonCode } from '@secretchatbox/contracts';
import { Flag } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { ReportReasonFields } from '../../../components/ui/report-reason-fields';
import { buttonStyles } from '../../../components/ui/styles';
import type { ApiError } from '../../../lib/api';
import { useNotify } from '../../../components/notifications/use-notify';
import { useReportConfessionMutation } from '../api/reports';
import { toasts } from './toasts';

/**
 * The flag button and its dialog: the visitor picks a reason and may add a note for the
 * moderators. Once the visitor has reported the confession, the flag says so and files no more.
 */
export function ReportButton({ confessionId, reported }: { confessionId: string; reported: boolean }) {
  const [open, setOpen] = useState(false);
  // One button in both states, so that focus comes back to it when the dialog closes on a report.
  return (
    <>
      <button
        type="button"
        aria-label={reported ? 'You reported this confession' : 'Report confession'}
        aria-disabled={reported || undefined}
        title={reported ? 'You reported this confession' : undefined}
        onClick={() => !reported && setOpen(true)}
        className={`rounded-full p-2 transition ${reported ? 'cursor-default text-red-700 dark:text-red-300' : 'text-gray-500 hover:bg-red-50 hover:text-red-700 dark:text-gray-400 dark:hover:bg-red-950/40 dark:hover:text-red-300'}`}
      >
        <Flag className={`size-4 ${reported ? 'fill-current' : ''}`} aria-hidden />
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
        <ReportReasonFields reason={reason} note={note} onReason={setReason} onNote={setNote} />
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
