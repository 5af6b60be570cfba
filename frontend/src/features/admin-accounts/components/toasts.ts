import type { NotifyInput } from '../../../components/notifications/use-notify';
import type { Outcome } from '../../../components/notifications/use-outcome';

const failed = (title: string): NotifyInput => ({
  title,
  description: 'Please try again later.',
  variant: 'destructive',
});

/** The chief dashboard's toasts. */
export const outcomes = {
  created: {
    success: { title: 'Admin created successfully' },
    failure: failed('Failed to create admin'),
    serverDescription: true,
  },
  updated: { success: { title: 'Admin updated successfully' }, failure: failed('Failed to update admin') },
  deleted: { success: { title: 'Admin deleted successfully' }, failure: failed('Failed to delete admin') },
  activated: { success: { title: 'Admin activated successfully' }, failure: failed('Failed to update status') },
  deactivated: { success: { title: 'Admin deactivated successfully' }, failure: failed('Failed to update status') },
} as const satisfies Record<string, Outcome>;

export const fetchAdminsFailed = failed('Failed to fetch admins');
