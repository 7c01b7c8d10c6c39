import { useRef } from 'react';
import type { CellValue, ExtractedRow } from '../../../../../shared/extraction';
import { Popover, PopoverAnchor, PopoverContent } from '../../../../components/ui/popover';
import type { CellProvenance, TableEvidence } from '../../utils/cell-evidence';
import { EvidenceDetails } from './evidence-details';

/** The cell whose popover is open: its row (in the result's order), column and button. */
export type OpenCell = { index: number; column: string; trigger: HTMLElement };

/** What the popover shows about that cell. */
export type OpenEvidence = {
  column: string;
  rowNumber: number;
  /** The whole value, as the table shows it. */
  value: string;
  provenance: CellProvenance;
  /** The text the evidence points into; null while it loads. */
  sourceText: string | null;
  trigger: HTMLElement;
};

export function openEvidence(
  cell: OpenCell | null,
  rows: readonly ExtractedRow[],
  text: (value: CellValue | undefined, column: string) => string,
  provenance: (index: number, column: string) => CellProvenance,
  evidence: TableEvidence | undefined,
): OpenEvidence | null {
  if (!cell) return null;
  return {
    column: cell.column,
    rowNumber: cell.index + 1,
    value: text(rows[cell.index]?.[cell.column], cell.column),
    provenance: provenance(cell.index, cell.column),
    sourceText: evidence ? evidence.sourceText(cell.index) : null,
    trigger: cell.trigger,
  };
}

type EvidencePopoverProps = {
  id: string;
  open: OpenEvidence | null;
  onClose: () => void;
};

/**
 * One popover per table, anchored to the cell that opened it: a page of a hundred rows would
 * otherwise mount hundreds of popovers. It shows the whole value and the passage of the source
 * it came from. Focus goes back to the cell's button on Escape, and stays where the user put it
 * after a click or Tab elsewhere.
 */
export function EvidencePopover({ id, open, onClose }: EvidencePopoverProps) {
  const hasInteractedOutside = useRef(false);
  return (
    <Popover open={open !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {open && <PopoverAnchor virtualRef={{ current: open.trigger }} />}
      {open && (
        <PopoverContent
          id={id}
          aria-label={
            open.provenance.kind === 'none'
              ? `${open.column} in row ${open.rowNumber}`
              : `Source of ${open.column} in row ${open.rowNumber}`
          }
          className="w-96 space-y-2 text-sm"
          onInteractOutside={(event) => {
            // The cell's own button toggles the popover itself.
            if (open.trigger.contains(event.target as Node)) event.preventDefault();
            else hasInteractedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!hasInteractedOutside.current) open.trigger.focus();
            hasInteractedOutside.current = false;
          }}
        >
          <EvidenceDetails {...open} />
        </PopoverContent>
      )}
    </Popover>
  );
}
