import { useRef } from 'react';
import type { CellReview } from '../../../../shared/extraction';
import { Popover, PopoverAnchor, PopoverContent } from '../../../components/ui/popover';
import { cellProvenance, type CellProvenance } from '../utils/cell-evidence';
import type { TableReview } from '../utils/table-review';
import { EvidenceDetails } from './evidence-details';

/** The cell whose popover is open: its row (in the result's order), column and element. */
export type OpenCell = { index: number; column: string; trigger: HTMLElement };

/** What the popover shows about that cell. */
export type OpenEvidence = {
  column: string;
  rowNumber: number;
  /** The whole value, as the table shows it. */
  value: string;
  provenance: CellProvenance;
  /** Its flag and reasons, or whether the user accepted or corrected it. */
  review: CellReview | null;
  /** The value the model gave, shown beside a correction. */
  extracted: string | null;
  /** The text the evidence points into; null while it loads. */
  sourceText: string | null;
  trigger: HTMLElement;
};

export function openEvidence(
  cell: OpenCell | null,
  review: TableReview | undefined,
  text: (index: number, column: string) => string,
  extractedText: (index: number, column: string) => string,
): OpenEvidence | null {
  if (!cell) return null;
  const state = review ? review.cell(cell.index, cell.column) : null;
  const reviewed = state === 'pending' ? null : state;
  return {
    column: cell.column,
    rowNumber: cell.index + 1,
    value: text(cell.index, cell.column),
    provenance: cellProvenance(state, review?.value(cell.index, cell.column)),
    review: reviewed,
    extracted: reviewed?.edited ? extractedText(cell.index, cell.column) : null,
    sourceText: review ? review.sourceText(cell.index) : null,
    trigger: cell.trigger,
  };
}

/** ' in row 3', or nothing for a document field (row 0). */
const where = (open: OpenEvidence) => (open.rowNumber > 0 ? ` in row ${open.rowNumber}` : '');

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
            open.provenance.kind === 'none' && !open.review
              ? `${open.column}${where(open)}`
              : `Source of ${open.column}${where(open)}`
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
