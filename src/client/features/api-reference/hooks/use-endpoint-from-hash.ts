import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The element an anchor names, or null (a malformed %-escape names nothing). */
function anchorTarget(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Opens the endpoint a link points at (`/docs/api#post-api-jobs`), on arrival and whenever the
 * address's anchor changes, scrolls to it and gives its summary the focus, so that Enter folds it
 * and Tab goes on inside it.
 */
export function useEndpointFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash.length > 1 ? anchorTarget(hash) : null;
    if (!(target instanceof HTMLDetailsElement)) return;
    target.open = true;
    // After the browser's own move to the anchor, which leaves the focus on the page itself.
    const frame = requestAnimationFrame(() => {
      target.scrollIntoView({ block: 'start' });
      target.querySelector('summary')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
