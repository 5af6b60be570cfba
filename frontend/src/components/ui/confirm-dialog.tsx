import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog } from './dialog';
import { buttonStyles } from './styles';

type Props = {
  title: string;
  description?: string;
  confirmLabel: string;
  /** Red for what cannot be undone. */
  tone?: 'primary' | 'danger';
  /** Resolves once the action is done; the dialog closes when it reports success. */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
  /** Fields the action needs, between the text and the buttons. */
  children?: ReactNode;
};

const dangerStyles = 'bg-red-700 px-6 py-3 text-white hover:bg-red-800';

/** The one confirmation dialog: mount it to ask, it closes on Cancel, Escape or success. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  tone = 'primary',
  onConfirm,
  onClose,
  children,
}: Props) {
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await onConfirm();
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4">
        {children}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={`${buttonStyles.base} ${buttonStyles.outline}`}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            className={`${buttonStyles.base} ${tone === 'danger' ? dangerStyles : buttonStyles.primary}`}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
