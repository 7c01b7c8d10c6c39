import { useEffect, useRef, useState } from 'react';

/** The width of the grid's box as laid out, for content that spans what the box shows. */
export function useBoxWidth(isMeasured: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!isMeasured || !box) return;
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, [isMeasured]);
  return [ref, width] as const;
}
