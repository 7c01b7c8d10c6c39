import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ColumnDefinition } from '../../../../../shared/columns';
import type { CellValue } from '../../../../../shared/extraction';
import { cn } from '../../../../lib/utils';
import type { CellProvenance } from '../../utils/cell-evidence';

/** Longer values wrap to a few lines in their cell; the whole value is a click away. */
export const LONG_CELL_CHARACTERS = 100;

/** How a cell opens the table's evidence popover. */
export type SourceToggle = {
  isOpen: boolean;
  popoverId: string;
  onToggle: (trigger: HTMLElement) => void;
};

type ResultCellProps = {
  column: ColumnDefinition;
  value: CellValue | undefined;
  /** The value as shown: numbers in their column's format. */
  text: string;
  /** 1-based, in the result's original order. */
  rowNumber: number;
  provenance: CellProvenance;
  source: SourceToggle;
};

// Inside the cell, so that the cell's clipping does not hide it.
const FOCUS = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';
const NOT_FOUND_TEXT =
  'underline decoration-amber-600 decoration-dotted decoration-2 underline-offset-4 dark:decoration-amber-400';
const NOT_FOUND_HINT = ' (not found in the source)';

/** Whether a cell is shown on one line that never wraps: numbers, dates and yes/no. */
export function isCompactColumn(column: ColumnDefinition): boolean {
  return column.type !== 'text';
}

function SourceButton({
  source,
  className,
  children,
}: {
  source: SourceToggle;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={source.isOpen}
      aria-controls={source.isOpen ? source.popoverId : undefined}
      onClick={(event) => source.onToggle(event.currentTarget)}
      className={cn(
        'block w-full cursor-pointer rounded-sm hover:bg-accent hover:text-accent-foreground',
        FOCUS,
        className,
      )}
    >
      {children}
    </button>
  );
}

function CellContent({ column, value, text, provenance, source }: ResultCellProps) {
  const isLong = text.length > LONG_CELL_CHARACTERS;
  // A long value wraps to three lines at most; the popover shows all of it.
  const shown = isLong ? <span className="line-clamp-3">{text}</span> : text;
  if (provenance.kind === 'none' && !isLong) return shown;
  const isNotFound = provenance.kind === 'not-found';
  const isNumber = typeof value === 'number';
  return (
    <SourceButton
      source={source}
      className={cn(isNumber ? 'text-right' : 'text-left', isCompactColumn(column) && 'truncate')}
    >
      {isNotFound ? <span className={NOT_FOUND_TEXT}>{shown}</span> : shown}
      {isNotFound && (
        <>
          <CircleAlert
            aria-hidden="true"
            className="ml-1 inline size-3.5 shrink-0 align-[-2px] text-amber-600 dark:text-amber-400"
          />
          <span className="sr-only">{NOT_FOUND_HINT}</span>
        </>
      )}
    </SourceButton>
  );
}

/**
 * One cell: numbers right-aligned in tabular figures, short values on one line, long ones
 * wrapped to three lines; the value's source (and the whole value) a click away.
 */
export function ResultCell(props: ResultCellProps) {
  const isNumber = typeof props.value === 'number';
  return (
    <td
      className={cn(
        'overflow-hidden px-3 py-2 align-top break-words',
        isNumber && 'text-right tabular-nums',
        isCompactColumn(props.column) && 'truncate',
      )}
    >
      <CellContent {...props} />
    </td>
  );
}
