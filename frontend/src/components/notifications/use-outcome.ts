import { useCallback, useEffect, useRef } from 'react';
import { type ApiError, serverMessage } from '../../lib/api';
import { type NotifyInput, useDismiss, useNotify } from './use-notify';

export type Outcome = {
  success: NotifyInput;
  failure: NotifyInput;
  /** Use the server's message as the failure's description when it sent one. */
  serverDescription?: boolean;
  /** A moderation decision: a 409 means another moderator decided first, which the server's message names. */
  decision?: boolean;
};

/** Shown when another moderator decided first (409): the server's message names the decision. */
const alreadyDecided = (error: ApiError): NotifyInput => ({
  title: 'Already decided',
  description: serverMessage(error) ?? 'Another moderator decided first.',
});

/**
 * Awaits a mutation and says how it went: the success toast, the failure toast, or for a decision
 * refused with 409 the decision that was taken first. Resolves true on success.
 */
export function useNotifyOutcome() {
  const notify = useNotify();
  return useCallback(
    async (action: PromiseLike<{ error?: unknown }>, { success, failure, serverDescription, decision }: Outcome) => {
      const { error } = await action;
      if (!error) {
        notify(success);
        return true;
      }
      const apiError = error as ApiError;
      if (decision && apiError.status === 409) notify(alreadyDecided(apiError));
      else notify({ ...failure, description: (serverDescription && serverMessage(apiError)) || failure.description });
      return false;
    },
    [notify],
  );
}

type QueryState = { isError: boolean; isSuccess: boolean; isFetching: boolean };

/**
 * Toasts once when a (possibly polled) query fails, and again only after it has succeeded in
 * between; a success takes that failure's toast away.
 */
export function useFailureToast({ isError, isSuccess, isFetching }: QueryState, toast: NotifyInput) {
  const notify = useNotify();
  const dismiss = useDismiss();
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (isError && !told.current) told.current = notify(toast);
    if (isSuccess && !isFetching && told.current) {
      dismiss(told.current);
      told.current = null;
    }
  }, [isError, isSuccess, isFetching, notify, dismiss, toast]);
}
