import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { added, dismissed, removed, removeDismissedAfterMs } from './notifications-slice';

let nextId = 0;

export type NotifyInput = { title: string; description?: string; variant?: 'default' | 'destructive' };

/** Shows a notification; it replaces the one on screen, since only one shows at a time. */
export function useNotify() {
  const dispatch = useAppDispatch();
  return useCallback(
    ({ title, description, variant = 'default' }: NotifyInput) => {
      const id = String(++nextId);
      dispatch(added({ id, title, description, variant }));
      return id;
    },
    [dispatch],
  );
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
