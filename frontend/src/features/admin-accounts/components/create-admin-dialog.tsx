import { type AdminRole, adminRoles } from '@secretchatbox/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { FieldErrors } from '../../../components/ui/field-errors';
import { PasswordField } from '../../../components/ui/password-field';
import { inputStyles } from '../../../components/ui/styles';
import { useNotifyOutcome } from '../../../components/notifications/use-outcome';
import { useCreateAdminMutation } from '../api';
import { CollegeCodeField } from './college-code-field';
import { roleHelp, roleLabels, rolesWithCollege } from './roles';
import { outcomes } from './toasts';

type Props = {
  /** A college admin creates normal admins of its own college only; the chief chooses both. */
  college: string | null;
  onClose: () => void;
};

/** The Create New Admin modal. The server checks every rule; its message shows if it refuses. */
export function CreateAdminDialog({ college, onClose }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminRole>('normal');
  const [collegeCode, setCollegeCode] = useState(college ?? '');
  const [create, { error }] = useCreateAdminMutation();
  const outcome = useNotifyOutcome();
  const hasCollege = rolesWithCollege.includes(role);

  const confirm = () =>
    outcome(
      create({ username: username.trim(), password, role, collegeCode: hasCollege ? collegeCode.trim() : null }),
      outcomes.created,
    );

  return (
    <ConfirmDialog
      title="Create New Admin"
      description={college ? `A normal admin of ${college}. ${roleHelp.normal}` : roleHelp[role]}
      confirmLabel="Create Admin"
      onConfirm={confirm}
      onClose={onClose}
    >
      <Field label="Username">
        {(id) => (
          <input
            id={id}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            required
            autoComplete="off"
            className={inputStyles}
          />
        )}
      </Field>
      <Field label="Password" hint="At least 10 characters.">
        {(id) => <PasswordField id={id} autoComplete="new-password" value={password} onChange={setPassword} />}
      </Field>
      <Field label="Role">
        {(id) => (
          <select
            id={id}
            value={role}
            disabled={college !== null}
            onChange={(event) => setRole(event.target.value as AdminRole)}
            className={inputStyles}
          >
            {adminRoles.map((value) => (
              <option key={value} value={value}>
                {roleLabels[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CollegeCodeField
        value={collegeCode}
        onChange={setCollegeCode}
        readOnly={college !== null}
        disabled={!hasCollege}
      />
      <FieldErrors error={error} />
    </ConfirmDialog>
  );
}
