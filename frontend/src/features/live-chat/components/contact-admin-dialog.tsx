import { Dialog } from '../../../components/ui/dialog';
import { buttonStyles } from '../../../components/ui/styles';

/** Nickname changes and other requests go through the community Discord (docs/product.md, Screens). */
export function ContactAdminDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Contact Admin">
      <p className="text-gray-700 dark:text-gray-300">
        To request a nickname change or for any other inquiries, join our community Discord server and open a ticket. A
        moderator will get back to you there.
      </p>
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onClose} className={`${buttonStyles.base} ${buttonStyles.primary}`}>
          Got it
        </button>
      </div>
    </Dialog>
  );
}
