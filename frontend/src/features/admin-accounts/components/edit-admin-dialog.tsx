import type { AdminAccountView } from '@secretchatbox/contracts';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { FieldErrors } from '../../../components/ui/field-errors';
import { inputStyles } from '../../../components/ui/styles';
import { useNotifyOutcome } from '../../../components/notifications/use-outcome';
import { useUpdateAdminMutation } from '../api';
import { CollegeCodeField } from './college-code-field';
import { outcomes } from './toasts';

/** The edit modal: the username is locked, only the college code changes (docs/product.md, Screens). */
export function EditAdminDialog({ account, onClose }: { account: AdminAccountView; onClose: () => void }) {
  const [collegeCode, setCollegeCode] = useState(account.collegeCode ?? '');
  const [update, { error }] = useUpdateAdminMutation();
  const outcome = useNotifyOutcome();
  const confirm = () => outcome(update({ id: account.id, collegeCode: collegeCode.trim() || null }), outcomes.updated);
  return (
    <ConfirmDialog title="Edit Admin" confirmLabel="Save Changes" onConfirm={confirm} onClose={onClose}>
      <Field label="Username" hint="Usernames cannot be changed.">
        {(id) => (
          <div className="relative">
            <input
              id={id}
              value={account.username}
              readOnly
              className={`${inputStyles} cursor-not-allowed pr-12 text-gray-600 dark:text-gray-400`}
            />
            <Lock className="absolute top-1/2 right-4 size-4 -translate-y-1/2 text-gray-500" aria-hidden />
          </div>
        )}
      </Field>
      <CollegeCodeField value={collegeCode} onChange={setCollegeCode} />
      <FieldErrors error={error} />
    </ConfirmDialog>
  );
}
