import { useState, type KeyboardEvent } from 'react';
import type { ColumnDefinition } from '../../../../../shared/columns';
import type { CellValue } from '../../../../../shared/extraction';
import { gridCellAttributes } from '../../hooks/use-grid-keyboard';
import { fieldCellId, reviewShortcut, type ReviewSession } from '../../hooks/use-review-session';
import { FIELDS_ROW, type TableReview } from '../../utils/table-review';
import { EvidencePopover, openEvidence, type OpenCell } from '../evidence-popover';
import { LONG_CELL_CHARACTERS, ResultCell } from '../result-cell';

export type FieldsPanelProps = {
  /** What the values' ids are made from (review moves the focus to them). */
  baseId: string;
  fields: readonly ColumnDefinition[];
  review: TableReview;
  valueText: (value: CellValue | undefined, column: string) => string;
  session: ReviewSession;
};

const MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowUp: (at) => Math.max(0, at - 1),
  ArrowDown: (at, last) => Math.min(last, at + 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * A single result's document fields (issue 31), above its table: each field's name and value,
 * flagged, edited and accepted values marked as in the grid. One Tab stop; the arrow keys, Home
 * and End move between the values; Enter shows where a value came from (or, in review, edits
 * it), and review's keys work here as on the grid's cells.
 */
export function FieldsPanel({ baseId, fields, review, valueText, session }: FieldsPanelProps) {
  const [active, setActive] = useState(0);
  const [openCell, setOpenCell] = useState<OpenCell | null>(null);
  const popoverId = `${baseId}-field-source`;
  const text = (index: number, column: string) => valueText(review.value(index, column), column);
  const focusAt = (place: number) => {
    const field = fields[place];
    if (field) document.getElementById(fieldCellId(baseId, field.name))?.focus();
  };
  const open = (name: string, trigger: HTMLElement, how: 'key' | 'click') => {
    if (session.isOpen) {
      if (how === 'key') session.edit();
      return;
    }
    const isOpen = openCell?.column === name;
    setOpenCell(isOpen ? null : { index: FIELDS_ROW, column: name, trigger });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, place: number, name: string) => {
    const move = MOVES[event.key];
    if (move && !event.altKey) {
      event.preventDefault();
      focusAt(move(place, fields.length - 1));
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      open(name, event.currentTarget, 'key');
    } else if (session.isOpen) reviewShortcut(event, session);
  };
  const hasPopover = (name: string) =>
    review.cell(FIELDS_ROW, name) !== null || text(FIELDS_ROW, name).length > LONG_CELL_CHARACTERS;

  return (
    <section aria-labelledby={`${baseId}-fields-heading`} className="min-w-0 space-y-2">
      <h3 id={`${baseId}-fields-heading`} className="text-base font-semibold">
        Document fields
      </h3>
      <div className="max-w-full overflow-auto rounded-md border">
        <table
          role="grid"
          aria-labelledby={`${baseId}-fields-heading`}
          className="w-full border-separate border-spacing-0 text-sm"
        >
          <tbody>
            {fields.map((field, place) => (
              <tr key={field.name} className="[&>*]:border-t first:[&>*]:border-t-0">
                <th
                  scope="row"
                  className="w-1/3 max-w-48 bg-muted/40 px-3 py-2 text-left align-top font-medium break-words"
                >
                  {field.name}
                </th>
                <ResultCell
                  column={field}
                  value={review.value(FIELDS_ROW, field.name)}
                  text={text(FIELDS_ROW, field.name)}
                  review={review.cell(FIELDS_ROW, field.name)}
                  cell={{
                    ...gridCellAttributes(place, 0, FIELDS_ROW, place === active),
                    id: fieldCellId(baseId, field.name),
                    onKeyDown: (event: KeyboardEvent<HTMLElement>) =>
                      onKeyDown(event, place, field.name),
                    onFocus: () => {
                      setActive(place);
                      session.focusField(field.name);
                    },
                  }}
                  popover={
                    hasPopover(field.name)
                      ? { isOpen: openCell?.column === field.name, id: popoverId }
                      : null
                  }
                  isCurrent={
                    session.current?.index === FIELDS_ROW && session.current.column === field.name
                  }
                  onOpen={(trigger) => open(field.name, trigger, 'click')}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <EvidencePopover
        id={popoverId}
        open={openEvidence(openCell, review, text, (index, column) =>
          valueText(review.extracted(index, column), column),
        )}
        onClose={() => setOpenCell(null)}
      />
    </section>
  );
}
