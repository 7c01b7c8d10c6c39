import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps a keyboard user's place when the control they pressed goes away or is disabled while it
 * works (a Remove button that is gone once the thing is removed, a Save button disabled while it
 * saves): call the returned function with where focus belongs; after the next render, if focus has
 * fallen to the page's body, it goes there; focus that is anywhere else is left where it is.
 */
export function useFocusIfLost(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    const target = pending.current?.current;
    if (!target) return;
    const active = document.activeElement;
    // Still on the pressed control (it may leave in a later render of this component).
    if (active && active !== document.body) return;
    pending.current = null;
    target.focus();
  });
  return (target) => {
    pending.current = target;
  };
}
