import { type AdminAccountView, messages } from '@secretchatbox/contracts';
import { actionButtonStyles } from '../../../components/ui/styles';
import { useNotifyOutcome } from '../../../components/notifications/use-outcome';
import { useSetAdminStatusMutation } from '../api';
import { outcomes } from './toasts';

type Props = {
  account: AdminAccountView;
  /** The signed-in admin's own row: it cannot deactivate or delete itself (docs/product.md, Admin accounts). */
  isSelf: boolean;
  onEdit?: () => void;
  onDelete: () => void;
};

const ownAccount = messages.cannotChangeOwnAccount;

/** Edit, Activate/Deactivate and Delete for one account; each button names the account. */
export function AccountActions({ account, isSelf, onEdit, onDelete }: Props) {
  const [setStatus, { isLoading }] = useSetAdminStatusMutation();
  const outcome = useNotifyOutcome();
  const active = account.status === 'active';
  const toggle = () =>
    outcome(
      setStatus({ id: account.id, status: active ? 'inactive' : 'active' }),
      active ? outcomes.deactivated : outcomes.activated,
    );
  const button = `${actionButtonStyles.base} ${actionButtonStyles.neutral}`;
  return (
    <div className="flex flex-wrap gap-2">
      {onEdit && (
        <button type="button" onClick={onEdit} aria-label={`Edit ${account.username}`} className={button}>
          Edit
        </button>
      )}
      <button
        type="button"
        onClick={toggle}
        disabled={isSelf || isLoading}
        title={isSelf ? ownAccount : undefined}
        aria-label={`${active ? 'Deactivate' : 'Activate'} ${account.username}`}
        className={`${actionButtonStyles.base} ${active ? actionButtonStyles.reject : actionButtonStyles.approve}`}
      >
        {active ? 'Deactivate' : 'Activate'}
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={isSelf}
        title={isSelf ? ownAccount : undefined}
        aria-label={`Delete ${account.username}`}
        className={`${actionButtonStyles.base} ${actionButtonStyles.danger}`}
      >
        Delete
      </button>
    </div>
  );
}
