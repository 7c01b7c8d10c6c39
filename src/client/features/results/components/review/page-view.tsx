import { ZoomIn, ZoomOut } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { EvidenceBox } from '../../../../../shared/review';
import { Button } from '../../../../components/ui/button';
import { boxStyle, fittedZoom, zoomStep, ZOOM_STEPS } from '../../utils/page-boxes';

/** The zoom the user chose, kept for the next values and pages of this tab's reviews. */
const ZOOM_KEY = 'rowsmith:page-zoom';

function chosenZoom(): number | null {
  try {
    const stored = Number(sessionStorage.getItem(ZOOM_KEY));
    return (ZOOM_STEPS as readonly number[]).includes(stored) ? stored : null;
  } catch {
    return null;
  }
}

function keepZoom(zoom: number): void {
  try {
    sessionStorage.setItem(ZOOM_KEY, String(zoom));
  } catch {
    // Storage refused (a private window's quota): the zoom holds for this picture only.
  }
}

type PageViewProps = {
  /** The rendered page's picture, any size. */
  src: string;
  page: number;
  value: EvidenceBox | null;
  row: readonly EvidenceBox[];
};

/**
 * A page of a PDF or an image with the value's box highlighted and its row's other boxes
 * outlined, placed in percentages of the page so they land on the words at any size; opened
 * fitted to the value's region, zoomable (the zoom chosen is kept), kept scrolled to the value.
 */
export function PageView({ src, page, value, row }: PageViewProps) {
  // Fitted to the value's region until the user zooms; then their zoom, for every value after.
  const fitted = fittedZoom(value, row);
  const [chosen, setChosen] = useState(chosenZoom);
  const zoom = chosen ?? fitted;
  const setZoom = (change: (current: number) => number) => {
    const next = change(zoom);
    keepZoom(next);
    setChosen(next);
  };
  const scrollerRef = useRef<HTMLDivElement>(null);
  const valueRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const [scroller, box] = [scrollerRef.current, valueRef.current];
    if (!scroller || !box) return;
    scroller.scrollTop = Math.max(0, box.offsetTop - scroller.clientHeight / 2);
    scroller.scrollLeft = Math.max(0, box.offsetLeft - scroller.clientWidth / 2);
  }, [zoom, value]);
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          Page {page} · {Math.round(zoom * 100)}%
        </p>
        <div className="flex gap-1">
          <Button
            variant="outline"
            size="icon"
            className="size-7"
            aria-label="Zoom out"
            disabled={zoom <= (ZOOM_STEPS[0] ?? 1)}
            onClick={() => setZoom((current) => zoomStep(current, -1))}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-7"
            aria-label="Zoom in"
            disabled={zoom >= (ZOOM_STEPS.at(-1) ?? 1)}
            onClick={() => setZoom((current) => zoomStep(current, 1))}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div
        ref={scrollerRef}
        tabIndex={0}
        role="group"
        aria-label={`Page ${page}`}
        className="max-h-96 overflow-auto rounded-md border bg-white focus-visible:outline-2 focus-visible:outline-ring"
      >
        <div className="relative" style={{ width: `${zoom * 100}%` }}>
          <img src={src} alt={`Page ${page} of the document`} className="block h-auto w-full" />
          {row.map((box, index) => (
            <div
              key={index}
              data-box="row"
              className="pointer-events-none absolute rounded-[1px] outline-2 outline-sky-700 outline-dashed"
              style={boxStyle(box)}
            />
          ))}
          {value ? (
            <div
              ref={valueRef}
              data-box="value"
              className="pointer-events-none absolute rounded-[1px] bg-yellow-300/40 outline-2 outline-amber-600"
              style={boxStyle(value)}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
