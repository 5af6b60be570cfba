import { type RefObject, useEffect } from 'react';

/**
 * Focuses `target` when it mounts if focus was lost to the page's body (the control that had it
 * went away: a sign-in form replaced by its dashboard, a form closed), so that keyboard and screen
 * reader users go on from a sensible place.
 */
export function useFocusWhenLost(target: RefObject<HTMLElement | null>, enabled = true) {
  useEffect(() => {
    const active = document.activeElement;
    if (enabled && (!active || active === document.body)) target.current?.focus();
  }, [target, enabled]);
}
