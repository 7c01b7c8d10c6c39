import { Check, Flag, Pencil } from 'lucide-react';
import type { HTMLAttributes, MouseEvent } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellReview, CellValue } from '../../../../shared/extraction';
import { cn } from '../../../lib/utils';
import type { GridCellAttributes } from '../hooks/use-grid-keyboard';

/** Longer values wrap to a few lines in their cell; the whole value is a click away. */
export const LONG_CELL_CHARACTERS = 100;

type ResultCellProps = {
  column: ColumnDefinition;
  value: CellValue | undefined;
  /** The value as shown: numbers in their column's format. */
  text: string;
  /** Its confidence, flag and reasons; 'pending' while loading; null when there are none. */
  review: CellReview | 'pending' | null;
  /** What makes it one of the grid's cells (a grid of its own may add its id and handlers). */
  cell: GridCellAttributes & Pick<HTMLAttributes<HTMLElement>, 'id' | 'onKeyDown' | 'onFocus'>;
  /** The popover it opens (its source, its reasons, all of a long value), when it has one. */
  popover: { isOpen: boolean; id: string } | null;
  /** The cell being reviewed, outlined. */
  isCurrent: boolean;
  /** The first column, kept in view when the grid scrolls sideways. */
  isSticky?: boolean;
  onOpen: (element: HTMLElement) => void;
};

// Inside the cell, so that the cell's clipping does not hide it.
const FOCUS = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';
// A flag is marked by an icon and a dotted underline as well as by its colour.
const FLAGGED_TEXT =
  'underline decoration-amber-600 decoration-dotted decoration-2 underline-offset-4 dark:decoration-amber-400';
const ICON = 'ml-1 inline size-3.5 shrink-0 align-[-2px]';
/** A flagged cell's tint, laid on the card so that a sticky cell stays opaque in the dark. */
const STICKY_FLAGGED = 'dark:bg-[color-mix(in_oklab,var(--color-amber-950)_40%,var(--color-card))]';

/** Whether a cell is shown on one line that never wraps: numbers, dates and yes/no. */
export function isCompactColumn(column: ColumnDefinition): boolean {
  return column.type !== 'text';
}

/** The reasons in words, for the cell's accessible name and its tooltip. */
export function reasonsText(review: CellReview): string {
  return review.reasons.map((reason) => reason.message).join(' ');
}

function ReviewMark({ review }: { review: CellReview | 'pending' | null }) {
  if (review === null || review === 'pending') return null;
  if (review.flagged)
    return (
      <>
        <Flag aria-hidden="true" className={cn(ICON, 'text-amber-700 dark:text-amber-400')} />
        <span className="sr-only"> (flagged for review: {reasonsText(review)})</span>
      </>
    );
  if (review.edited)
    return (
      <>
        <Pencil aria-hidden="true" className={cn(ICON, 'text-primary')} />
        <span className="sr-only"> (edited)</span>
      </>
    );
  if (review.accepted)
    return (
      <>
        <Check aria-hidden="true" className={cn(ICON, 'text-emerald-700 dark:text-emerald-400')} />
        <span className="sr-only"> (accepted)</span>
      </>
    );
  return null;
}

/**
 * One cell of the grid: numbers right-aligned in tabular figures, short values on one line, long
 * ones wrapped to three lines; flagged, edited and accepted values marked with an icon and in
 * words; Enter or a click opens what the cell offers.
 */
export function ResultCell(props: ResultCellProps) {
  const { column, value, text, review, cell, popover, isCurrent, isSticky, onOpen } = props;
  const isNumber = typeof value === 'number';
  const isLong = text.length > LONG_CELL_CHARACTERS;
  const isFlagged = review !== null && review !== 'pending' && review.flagged;
  // A long value wraps to three lines at most; the popover shows all of it.
  const shown = isLong ? <span className="line-clamp-3">{text}</span> : text;
  return (
    <td
      {...cell}
      aria-haspopup={popover ? 'dialog' : undefined}
      aria-expanded={popover ? popover.isOpen : undefined}
      aria-controls={popover?.isOpen ? popover.id : undefined}
      title={isFlagged ? reasonsText(review) : undefined}
      onClick={
        popover ? (event: MouseEvent<HTMLElement>) => onOpen(event.currentTarget) : undefined
      }
      className={cn(
        'overflow-hidden px-3 py-2 align-top break-words',
        isNumber && 'text-right tabular-nums',
        isCompactColumn(column) && 'truncate',
        popover && 'cursor-pointer hover:bg-accent hover:text-accent-foreground',
        isFlagged && 'bg-amber-50 dark:bg-amber-950/40',
        // The first column stays in view when the grid scrolls sideways (a phone): opaque, so the
        // cells passing under it do not show through.
        isSticky && 'sticky left-0 z-[1] shadow-[inset_-1px_0_var(--color-border)]',
        isSticky && (isFlagged ? STICKY_FLAGGED : 'bg-card'),
        isCurrent && 'outline-2 -outline-offset-2 outline-primary',
        FOCUS,
      )}
    >
      {isFlagged ? <span className={FLAGGED_TEXT}>{shown}</span> : shown}
      <ReviewMark review={review} />
    </td>
  );
}
