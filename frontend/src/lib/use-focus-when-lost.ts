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

/**
 * Keeps focus within `container` when the element that had it there goes away (a decided row
 * leaves its queue): the container takes it, instead of the page's body.
 */
export function useFocusStaysWithin(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let last: Element | null = null;
    const remember = (event: FocusEvent) => {
      last = event.target as Element;
    };
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (last && !last.isConnected && (!active || active === document.body)) element.focus();
    });
    element.addEventListener('focusin', remember);
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('focusin', remember);
      observer.disconnect();
    };
  }, [container]);
}
