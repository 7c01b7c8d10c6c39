import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Room for the review pane beside the table: the grid keeps at least 640 px next to the pane's
 * 22rem. Measured on the result's own box, not the window, so the narrower converter of the home
 * page, and Extract's in a window under about 1,400 px beside the sidebar, stack the pane under
 * its cell instead.
 */
const ROOMY_PX = 1000;

export function useIsRoomy(ref: RefObject<HTMLElement | null>): boolean {
  const [isRoomy, setIsRoomy] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setIsRoomy(element.getBoundingClientRect().width >= ROOMY_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return isRoomy;
}
