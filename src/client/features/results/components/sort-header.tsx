import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import { cn } from '../../../lib/utils';
import type { GridCellAttributes } from '../hooks/use-grid-keyboard';
import type { SortState } from '../utils/sort-rows';
import { ColumnResizer } from './column-resizer';

type SortHeaderProps = {
  column: ColumnDefinition;
  sort: SortState;
  onSort: () => void;
  /** The column's width in CSS pixels, as announced by its resize handle. */
  width: number;
  onResize: (width: number) => void;
  /** What makes its button one of the grid's cells (the grid's focus moves to it). */
  cell: GridCellAttributes;
  /** The first column, kept in view when the grid scrolls sideways. */
  isSticky?: boolean;
};

/**
 * A column header that stays in view while the rows scroll: its button cycles the sort
 * (ascending, descending, none) and is the header's place in the grid; F2 reaches the resize
 * handle on its right edge, and Escape comes back.
 */
export function SortHeader(props: SortHeaderProps) {
  const { column, sort, onSort, width, onResize, cell, isSticky } = props;
  const cellRef = useRef<HTMLTableCellElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const direction = sort?.column === column.name ? sort.direction : 'none';
  const Icon =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  const isNumber = column.type === 'number';
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'F2') return;
    event.preventDefault();
    cellRef.current?.querySelector<HTMLElement>('[role="separator"]')?.focus();
  };
  return (
    <th
      ref={cellRef}
      scope="col"
      aria-sort={direction}
      className={cn(
        'sticky top-0 z-10 bg-muted p-0 font-medium shadow-[inset_0_-1px_0_var(--color-border)]',
        // The first column's header stays over both the rows and the first column.
        isSticky && 'left-0 z-20 shadow-[inset_-1px_-1px_var(--color-border)]',
      )}
    >
      <button
        ref={buttonRef}
        type="button"
        {...cell}
        onClick={onSort}
        onKeyDown={onKeyDown}
        className={cn(
          'flex w-full items-center gap-1.5 py-2 pr-4 pl-3 hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          isNumber ? 'justify-end text-right' : 'justify-start text-left',
        )}
      >
        <span className="min-w-0 truncate">{column.name}</span>
        <Icon
          aria-hidden="true"
          className={cn('size-3.5 shrink-0', direction === 'none' && 'text-muted-foreground')}
        />
      </button>
      <ColumnResizer
        column={column.name}
        width={width}
        currentWidth={() => cellRef.current?.offsetWidth ?? width}
        onResize={onResize}
        onDone={() => buttonRef.current?.focus()}
      />
    </th>
  );
}
