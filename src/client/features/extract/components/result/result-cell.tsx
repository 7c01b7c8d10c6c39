import { CircleAlert, TextSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ColumnDefinition } from '../../../../../shared/columns';
import type { CellValue } from '../../../../../shared/extraction';
import { cellText } from '../../../../../shared/table-export';
import { cn } from '../../../../lib/utils';
import type { CellProvenance } from '../../utils/cell-evidence';

/** Longer values scroll inside their cell instead of stretching the table. */
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
  /** 1-based, in the result's original order. */
  rowNumber: number;
  provenance: CellProvenance;
  source: SourceToggle;
};

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const NOT_FOUND_TEXT =
  'underline decoration-amber-600 decoration-dotted decoration-2 underline-offset-4 dark:decoration-amber-400';
const NOT_FOUND_HINT = ' (not found in the source)';

function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="group"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'max-h-24 w-64 overflow-auto rounded-sm text-left break-words whitespace-pre-wrap',
        FOCUS,
      )}
    >
      {children}
    </div>
  );
}

function SourceButton({
  source,
  className,
  label,
  children,
}: {
  source: SourceToggle;
  className: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={source.isOpen}
      aria-controls={source.isOpen ? source.popoverId : undefined}
      onClick={(event) => source.onToggle(event.currentTarget)}
      className={cn(
        'cursor-pointer rounded-sm hover:bg-accent hover:text-accent-foreground',
        FOCUS,
        className,
      )}
    >
      {children}
    </button>
  );
}

function CellContent({ column, value, rowNumber, provenance, source }: ResultCellProps) {
  const text = cellText(value);
  const where = `${column.name}, row ${rowNumber}`;
  const isLong = text.length > LONG_CELL_CHARACTERS;
  if (provenance.kind === 'none') {
    return isLong ? <ScrollBox label={`Full text of ${where}`}>{text}</ScrollBox> : text;
  }
  const isNotFound = provenance.kind === 'not-found';
  const shown = isNotFound ? <span className={NOT_FOUND_TEXT}>{text}</span> : text;
  const warning = (
    <CircleAlert
      aria-hidden="true"
      className="ml-1 inline size-3.5 shrink-0 align-[-2px] text-amber-600 dark:text-amber-400"
    />
  );
  if (isLong) {
    return (
      <div className="flex items-start gap-1">
        <ScrollBox label={`Full text of ${where}`}>{shown}</ScrollBox>
        <SourceButton
          source={source}
          className="p-1"
          label={`Source of ${where}${isNotFound ? NOT_FOUND_HINT : ''}`}
        >
          {isNotFound ? (
            <CircleAlert aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
          ) : (
            <TextSearch aria-hidden="true" className="size-4 text-muted-foreground" />
          )}
        </SourceButton>
      </div>
    );
  }
  return (
    <SourceButton
      source={source}
      className={typeof value === 'number' ? 'text-right' : 'text-left'}
    >
      {shown}
      {isNotFound && (
        <>
          {warning}
          <span className="sr-only">{NOT_FOUND_HINT}</span>
        </>
      )}
    </SourceButton>
  );
}

/** One cell: numbers right-aligned, blanks empty, the value's source a click away. */
export function ResultCell(props: ResultCellProps) {
  const isNumber = typeof props.value === 'number';
  const isCompact = isNumber || typeof props.value === 'boolean' || props.column.type === 'date';
  return (
    <td
      className={cn(
        'px-3 py-2 align-top',
        isNumber && 'text-right tabular-nums',
        isCompact && 'whitespace-nowrap',
      )}
    >
      <CellContent {...props} />
    </td>
  );
}
