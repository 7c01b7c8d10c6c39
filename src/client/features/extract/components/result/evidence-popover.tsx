import { useRef } from 'react';
import { Popover, PopoverAnchor, PopoverContent } from '../../../../components/ui/popover';
import type { CellProvenance } from '../../utils/cell-evidence';
import { EvidenceDetails } from './evidence-details';

/** The cell whose source is shown, and the button that opened it. */
export type OpenEvidence = {
  column: string;
  rowNumber: number;
  value: string;
  provenance: Exclude<CellProvenance, { kind: 'none' }>;
  trigger: HTMLElement;
};

type EvidencePopoverProps = {
  id: string;
  open: OpenEvidence | null;
  sourceText: string;
  onClose: () => void;
};

/**
 * One popover per table, anchored to the cell that opened it: a page of a hundred rows would
 * otherwise mount hundreds of popovers. Focus goes back to the cell's button on Escape, and
 * stays where the user put it after a click or Tab elsewhere.
 */
export function EvidencePopover({ id, open, sourceText, onClose }: EvidencePopoverProps) {
  const hasInteractedOutside = useRef(false);
  return (
    <Popover open={open !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {open && <PopoverAnchor virtualRef={{ current: open.trigger }} />}
      {open && (
        <PopoverContent
          id={id}
          aria-label={`Source of ${open.column} in row ${open.rowNumber}`}
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
          <EvidenceDetails {...open} sourceText={sourceText} />
        </PopoverContent>
      )}
    </Popover>
  );
}
