import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ColumnDefinition } from '../../../../../shared/columns';
import { cn } from '../../../../lib/utils';
import type { SortState } from '../../utils/sort-rows';

type SortHeaderProps = {
  column: ColumnDefinition;
  sort: SortState;
  onSort: (column: string) => void;
};

/** A column header whose button cycles the sort: ascending, descending, none. */
export function SortHeader({ column, sort, onSort }: SortHeaderProps) {
  const direction = sort?.column === column.name ? sort.direction : 'none';
  const Icon =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  const isNumber = column.type === 'number';
  return (
    <th scope="col" aria-sort={direction} className="p-0 font-medium">
      <button
        type="button"
        onClick={() => onSort(column.name)}
        className={cn(
          'flex w-full items-center gap-1.5 px-3 py-2 whitespace-nowrap hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          isNumber ? 'justify-end text-right' : 'justify-start text-left',
        )}
      >
        {column.name}
        <Icon
          aria-hidden="true"
          className={cn('size-3.5 shrink-0', direction === 'none' && 'text-muted-foreground')}
        />
      </button>
    </th>
  );
}
