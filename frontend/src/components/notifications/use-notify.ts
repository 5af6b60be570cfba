import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { dismissed, type NotifyInput, notification, removed, removeDismissedAfterMs } from './notifications-slice';

export type { NotifyInput };

/** Shows a notification; it replaces the one on screen, since only one shows at a time. */
export function useNotify() {
  const dispatch = useAppDispatch();
  return useCallback((input: NotifyInput) => dispatch(notification(input)).payload.id, [dispatch]);
}

export function useDismiss() {
  const dispatch = useAppDispatch();
  return useCallback(
    (id: string) => {
      dispatch(dismissed(id));
      setTimeout(() => dispatch(removed(id)), removeDismissedAfterMs);
    },
    [dispatch],
  );
}
