import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether a box with a height limit holds more than it shows, so that one whose contents cannot
 * take the focus can be given a place in the tab order (and be scrolled with the keyboard) only
 * when there is something to scroll. Measured after every render, since the contents change it,
 * and whenever the box's size changes (a narrower window wraps its lines).
 */
export function useIsScrollable<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [isScrollable, setIsScrollable] = useState(false);
  const measure = () => {
    const box = ref.current;
    if (box) setIsScrollable(box.scrollHeight > box.clientHeight);
  };
  useLayoutEffect(measure);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver(() => {
      setIsScrollable(box.scrollHeight > box.clientHeight);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, isScrollable] as const;
}
