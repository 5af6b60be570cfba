import type { AdminAccountView } from '@secretchatbox/contracts';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { ShortId } from '../../../components/ui/short-id';
import { buttonStyles } from '../../../components/ui/styles';
import { useFailureToast, useNotifyOutcome } from '../../../components/notifications/use-outcome';
import { useDeleteAdminMutation, useGetAdminsQuery } from '../api';
import { AccountActions } from './account-actions';
import { CreateAdminDialog } from './create-admin-dialog';
import { EditAdminDialog } from './edit-admin-dialog';
import { roleLabels, rolesWithCollege } from './roles';
import { fetchAdminsFailed, outcomes } from './toasts';

type Props = {
  /** The signed-in admin's id: its own row cannot be deactivated or deleted. */
  selfId: string;
  /** A college's normal admins (the college dashboard); without it, every account (the chief). */
  college?: string;
};

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; account: AdminAccountView } | null;

const statusStyles = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  inactive: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-200',
};

const created = (at: string) =>
  new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

const columns: Column<AdminAccountView>[] = [
  { header: 'ID', cell: (account) => <ShortId id={account.id} /> },
  {
    header: 'Username',
    cell: (account) => (
      <>
        <span className="font-semibold">{account.username}</span>
        <span className="block text-xs text-gray-600 dark:text-gray-400">{roleLabels[account.role]}</span>
      </>
    ),
  },
  { header: 'College Code', cell: (account) => account.collegeCode ?? '—' },
  {
    header: 'Status',
    cell: ({ status }) => (
      <span className={`rounded-full px-2.5 py-1 text-xs font-semibold capitalize ${statusStyles[status]}`}>
        {status}
      </span>
    ),
  },
  { header: 'Created', cell: (account) => created(account.createdAt), className: 'whitespace-nowrap' },
];

/** The chief's Admin Management table, or a college admin's normal admins, with their modals. */
export function AdminAccountsCard({ selfId, college }: Props) {
  const query = useGetAdminsQuery();
  const [open, setOpen] = useState<Open>(null);
  const [remove] = useDeleteAdminMutation();
  const outcome = useNotifyOutcome();
  useFailureToast(query, fetchAdminsFailed);
  const close = () => setOpen(null);
  const accounts = college
    ? query.data?.filter((account) => account.role === 'normal' && account.collegeCode === college)
    : query.data;
  const actions: Column<AdminAccountView> = {
    header: 'Actions',
    cell: (account) => (
      <AccountActions
        account={account}
        isSelf={account.id === selfId}
        onEdit={
          college || !rolesWithCollege.includes(account.role) ? undefined : () => setOpen({ kind: 'edit', account })
        }
        onDelete={() => setOpen({ kind: 'delete', account })}
      />
    ),
  };

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">{college ? `Normal Admins of ${college}` : 'Admin Management'}</h2>
        <button
          type="button"
          onClick={() => setOpen({ kind: 'create' })}
          className={`${buttonStyles.base} ${buttonStyles.primary} py-2`}
        >
          <UserPlus className="size-4" aria-hidden /> Create New Admin
        </button>
      </div>
      <DataTable
        caption={college ? `Normal admins of ${college}` : 'Admin accounts'}
        columns={[...columns, actions]}
        rows={accounts}
        rowKey={(account) => account.id}
        empty="No admin accounts yet"
        isLoading={query.isLoading}
        error={query.isError && 'Failed to fetch admins'}
      />
      {open?.kind === 'create' && <CreateAdminDialog college={college ?? null} onClose={close} />}
      {open?.kind === 'edit' && <EditAdminDialog account={open.account} onClose={close} />}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete admin?"
          description={`${open.account.username} will be removed and signed out at once. This cannot be undone.`}
          confirmLabel="Delete"
          tone="danger"
          onConfirm={() => outcome(remove(open.account.id), outcomes.deleted)}
          onClose={close}
        />
      )}
    </Card>
  );
}
