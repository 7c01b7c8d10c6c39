import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

/** The narrowest a column can be made, and how far one arrow key press moves its edge. */
export const MIN_COLUMN_PX = 48;
const MAX_COLUMN_PX = 1200;
const KEY_STEP_PX = 16;

type ColumnResizerProps = {
  column: string;
  /** The column's width now, in CSS pixels, as announced. */
  width: number;
  /** Measures the column's width as laid out, in CSS pixels. */
  currentWidth: () => number;
  onResize: (width: number) => void;
  /** Escape, Enter or F2: back to the header it belongs to. */
  onDone: () => void;
};

const clamp = (width: number) =>
  Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, Math.round(width)));

/**
 * The right edge of a header cell: drag it, or reach it with F2 from its header and press the
 * arrow keys, to make the column narrower or wider (the window-splitter pattern). It is not a Tab
 * stop of its own: the grid around it is one.
 */
export function ColumnResizer({
  column,
  width,
  currentWidth,
  onResize,
  onDone,
}: ColumnResizerProps) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: currentWidth() };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onResize(clamp(drag.current.startWidth + event.clientX - drag.current.startX));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' || event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      onDone();
      return;
    }
    const step = { ArrowLeft: -KEY_STEP_PX, ArrowRight: KEY_STEP_PX }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onResize(clamp(currentWidth() + step));
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${column}`}
      aria-valuemin={MIN_COLUMN_PX}
      aria-valuemax={MAX_COLUMN_PX}
      aria-valuenow={clamp(width)}
      tabIndex={-1}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className="absolute top-0 right-0 z-10 h-full w-2 cursor-col-resize touch-none select-none after:absolute after:inset-y-1 after:right-0 after:w-px after:bg-border hover:after:w-0.5 hover:after:bg-primary focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    />
  );
}
