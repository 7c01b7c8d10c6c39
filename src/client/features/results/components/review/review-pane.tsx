import { ChevronDown, ChevronUp, Check, Pencil, Undo2, X } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ColumnDefinition } from '../../../../../shared/columns';
import type { CellValue } from '../../../../../shared/extraction';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/utils';
import { reviewShortcut, type ReviewSession, type Undoable } from '../../hooks/use-review-session';
import { editableText } from '../../utils/edit-value';
import { pageBoxes, type PageImageUrl } from '../../utils/page-boxes';
import type { SourceMark } from '../../utils/source-window';
import { FIELDS_ROW, type TableCell, type TableReview } from '../../utils/table-review';
import { ReviewStatus } from '../evidence-details';
import { EditForm } from './edit-form';
import { PageView } from './page-view';
import { SourcePassage } from './source-passage';

export type ReviewPaneProps = {
  session: ReviewSession;
  review: TableReview;
  columns: readonly ColumnDefinition[];
  /** A single result's document fields, reviewed as the cells of FIELDS_ROW. */
  fields?: readonly ColumnDefinition[];
  /** A value as the table shows it. */
  valueText: (value: CellValue | undefined, column: string) => string;
  /** Where a document's rendered page is; without it PDFs and images show the text passage. */
  pageImageUrl?: PageImageUrl;
  /** Below the cell on a phone, rather than beside the table. */
  isCompact: boolean;
};

/** The marks of the source passage: the value's span, and its row's other values. */
function sourceMarks(review: TableReview, cell: TableCell, columns: readonly ColumnDefinition[]) {
  const cells = review.rowCells(cell.index) ?? {};
  const shown = review.cell(cell.index, cell.column);
  const marks: SourceMark[] = [];
  const own = shown && shown !== 'pending' && !shown.edited ? shown.evidence : null;
  if (own) marks.push({ start: own.start, end: own.end, kind: 'value' });
  for (const { name } of columns) {
    const evidence = name === cell.column ? null : cells[name]?.evidence;
    if (evidence) marks.push({ start: evidence.start, end: evidence.end, kind: 'row' });
  }
  const boxes = pageBoxes(
    own?.box,
    columns
      .filter(({ name }) => name !== cell.column)
      .map(({ name }) => cells[name]?.evidence?.box),
  );
  return { marks, boxes, page: own?.page ?? boxes?.page ?? null };
}

/** 'amount, row 3', or 'total (document field)'. */
function placeOf(cell: TableCell): string {
  return cell.index === FIELDS_ROW
    ? `${cell.column} (document field)`
    : `${cell.column}, row ${cell.index + 1}`;
}

/** 'Undo the correction', or 'Undo the acceptance of amount, row 1' for the cell just left. */
function undoLabel({ cell, kind, isCurrent }: Undoable): string {
  const what = kind === 'edited' ? 'Undo the correction' : 'Undo the acceptance';
  return isCurrent ? what : `${what} of ${placeOf(cell)}`;
}

function Shortcut({ children }: { children: ReactNode }) {
  return (
    <kbd
      aria-hidden="true"
      className="rounded border px-1 font-mono text-[0.7rem] text-muted-foreground max-sm:hidden"
    >
      {children}
    </kbd>
  );
}

/**
 * The cell being reviewed: where it is, why it was flagged, the source beside it (the passage, or
 * the page with its box when a picture of the page is given), and Previous, Next, Accept, Edit
 * and Undo (of a corrected or accepted cell), each with its key.
 */
export function ReviewPane(props: ReviewPaneProps) {
  const { session, review, valueText, pageImageUrl, isCompact } = props;
  const cell = session.current;
  // A field's neighbours on the page are the other fields; a cell's, its row's other values.
  const columns = cell?.index === FIELDS_ROW ? (props.fields ?? []) : props.columns;
  const column = columns.find(({ name }) => name === cell?.column);
  if (!cell || !column) return null;
  const state = review.cell(cell.index, cell.column);
  const origin = review.origin(cell.index);
  const value = review.value(cell.index, cell.column);
  const sourceText = review.sourceText(cell.index);
  const { marks, boxes, page } = sourceMarks(review, cell, columns);
  const picture =
    boxes && origin ? (pageImageUrl?.(origin.document.documentId, boxes.page) ?? null) : null;
  const left = session.flagged.length;
  const place = placeOf(cell);
  const reviewed = state === 'pending' ? null : state;
  const undoable = session.undoable;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    reviewShortcut(event, session);
  };
  return (
    <section
      aria-label="Review"
      onKeyDown={onKeyDown}
      className={cn(
        'space-y-3 bg-card p-4 text-sm text-card-foreground',
        isCompact ? 'border-y' : 'sticky top-4 rounded-lg border shadow-sm',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{place}</h3>
          {origin?.document.name ? (
            <p className="text-xs break-all text-muted-foreground">{origin.document.name}</p>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label="Close review"
          onClick={session.close}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-xs text-muted-foreground">
        {left === 0
          ? 'No cells left to review.'
          : `${left.toLocaleString('en-US')} ${left === 1 ? 'cell' : 'cells'} left to review.`}
        {session.notice ? ` ${session.notice}` : ''}
      </p>
      <p className="break-words">
        <span className="text-muted-foreground">Value: </span>
        <strong className="font-semibold">{valueText(value, cell.column) || '(empty)'}</strong>
      </p>
      {state === 'pending' ? (
        <p className="text-muted-foreground">Loading this document’s source…</p>
      ) : (
        <ReviewStatus
          review={reviewed}
          extracted={
            reviewed?.edited
              ? valueText(review.extracted(cell.index, cell.column), cell.column)
              : null
          }
        />
      )}
      {session.isEditing ? (
        <EditForm
          key={`${cell.index}-${cell.column}`}
          label={`New value for ${place}`}
          type={column.type}
          initial={editableText(value)}
          onSave={session.save}
          onCancel={session.cancelEdit}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-label="Previous flagged cell"
            aria-keyshortcuts="P"
            onClick={() => session.step(-1)}
          >
            <ChevronUp aria-hidden="true" />
            Previous <Shortcut>P</Shortcut>
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label="Next flagged cell"
            aria-keyshortcuts="N"
            onClick={() => session.step(1)}
          >
            <ChevronDown aria-hidden="true" />
            Next <Shortcut>N</Shortcut>
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-keyshortcuts="A"
            disabled={!reviewed?.flagged}
            onClick={() => void session.accept()}
          >
            <Check aria-hidden="true" />
            Accept <Shortcut>A</Shortcut>
          </Button>
          <Button size="sm" variant="outline" aria-keyshortcuts="E" onClick={session.edit}>
            <Pencil aria-hidden="true" />
            Edit <Shortcut>E</Shortcut>
          </Button>
          {undoable ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={undoLabel(undoable)}
              aria-keyshortcuts="U"
              onClick={() => void session.undo()}
            >
              <Undo2 aria-hidden="true" />
              Undo <Shortcut>U</Shortcut>
            </Button>
          ) : null}
        </div>
      )}
      {session.error && !session.isEditing ? (
        <p role="alert" className="break-words text-destructive">
          Not saved. {session.error}
        </p>
      ) : null}
      <section aria-label="Source" className="space-y-2">
        {picture && boxes ? (
          <PageView src={picture} page={boxes.page} value={boxes.value} row={boxes.row} />
        ) : null}
        {sourceText === null ? (
          <p className="text-muted-foreground">Loading the source…</p>
        ) : (
          <SourcePassage text={sourceText} marks={marks} page={page} isCompact={isCompact} />
        )}
      </section>
    </section>
  );
}
