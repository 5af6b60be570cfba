import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { notification } from '../../components/notifications/notifications-slice';
import { adminSessionRefused, api } from '../../lib/api';
import { storage } from '../../lib/storage';

export const sessionEndedNotice = {
  title: 'Your session has ended. Please log in again.',
  variant: 'destructive',
} as const;

/**
 * When the server refuses the stored admin session, the admin is told once and signed out here:
 * the session is read again without a token, and every dashboard falls back to its login.
 */
export function endRefusedAdminSessions(listener: ListenerMiddlewareInstance) {
  listener.startListening({
    actionCreator: adminSessionRefused,
    effect: ({ payload: token }, { dispatch }) => {
      // The polled lists are refused together; the first refusal ends the session, once.
      if (storage.get('adminSessionToken') !== token) return;
      storage.remove('adminSessionToken');
      dispatch(notification(sessionEndedNotice));
      dispatch(api.util.invalidateTags(['AdminSession']));
    },
  });
}
