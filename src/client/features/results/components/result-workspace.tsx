import { Flag } from 'lucide-react';
import {
  lazy,
  Suspense,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../../shared/extraction';
import type { Check } from '../../../../shared/records';
import type { ColumnDecimals } from '../../../../shared/number-decimals';
import { Button } from '../../../components/ui/button';
import { useCellCorrections, type CorrectionStore } from '../hooks/use-cell-corrections';
import { useCellText } from '../hooks/use-cell-text';
import { useIsRoomy } from '../hooks/use-is-roomy';
import { reviewShortcut, useReviewSession } from '../hooks/use-review-session';
import { useTableView } from '../hooks/use-table-view';
import type { PageImageUrl } from '../utils/page-boxes';
import {
  FIELDS_ROW,
  matchesRowFilter,
  tableReview,
  type DocumentReview,
  type RowFilter,
  type RowOrigin,
} from '../utils/table-review';
import { FailedChecks } from './record/failed-checks';
import { FieldsPanel } from './record/fields-panel';
import { ChoiceGroup } from './choice-group';
import { ResultTable } from './result-table';
import { ResultToolbar } from './result-toolbar';
import { TableLegend } from './table-legend';

// The review pane (the source beside the table, the page view, the edit field) loads the first
// time a review starts.
const loadReviewPane = () => import('./review/review-pane');
const ReviewPane = lazy(() => loadReviewPane().then((m) => ({ default: m.ReviewPane })));

export type ResultWorkspaceProps = {
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  /** For each row, its document (in `documents`) and its row there. */
  origins: readonly (RowOrigin | null)[];
  documents: readonly DocumentReview[];
  /** The grid's name: 'Extracted rows', 'Combined rows'. */
  caption: string;
  /** Per number column, the decimals its values have in the source: downloads write them. */
  decimals: ColumnDecimals | undefined;
  /** What download file names are made from: the source's or the job's name. */
  exportName: string;
  /** Another filter of the rows (a batch's document filter), with its control. */
  documentFilter?: { key: string; keep?: (index: number) => boolean; control: ReactNode };
  /** Between the controls and the table ("Edit columns and run again"). */
  actions?: ReactNode;
  /** Where corrections are saved and undone (the job's, on the server); without it they stay in this page. */
  corrections?: CorrectionStore;
  /** The picture of a document's page; without it PDFs and images show the text passage. */
  pageImageUrl?: PageImageUrl;
  /**
   * One document's fields (a single result's, or the one a batch shows), shown above the table
   * and reviewed before its rows, and the rules checked on it.
   */
  record?: RecordResult;
};

export type RecordResult = {
  fields: ColumnDefinition[];
  values: Readonly<Record<string, CellValue>>;
  checks: readonly Check[];
  /** A batch's document: its place in `documents`, and the table's source column, kept first. */
  batch?: { document: number; sourceColumn: string };
};

/**
 * What Copy and the downloads take: the table with the document fields repeated on each row
 * (the flat shape of the exports), one row of fields when there are no rows.
 */
function flatTable(
  columns: ColumnDefinition[],
  rows: ExtractedRow[],
  fields: readonly ColumnDefinition[],
  values: ExtractedRow,
  sourceColumn?: string,
) {
  if (fields.length === 0) return { columns, rows };
  const lead = columns[0]?.name === sourceColumn ? columns.slice(0, 1) : [];
  return {
    columns: [...lead, ...fields, ...columns.slice(lead.length)],
    // The fields as shown win: a batch's rows carry their document's fields as extracted.
    rows: rows.length === 0 ? [values] : rows.map((row) => ({ ...row, ...values })),
  };
}

const ROW_FILTERS = [
  { value: 'all', label: 'All rows' },
  { value: 'flagged', label: 'Flagged only' },
  { value: 'edited', label: 'Edited only' },
] as const;

/**
 * A result's table with everything around it: the filters (flagged, edited, and a batch's
 * documents), Copy and the downloads of what is shown, "Review N cells" and its pane (beside the
 * table, or below the cell on a phone), the legend and the pager.
 */
export function ResultWorkspace(props: ResultWorkspaceProps) {
  const { columns, rows, origins, documents, documentFilter, decimals, record } = props;
  const baseId = useId();
  const { corrections, correct, undo } = useCellCorrections(props.corrections);
  const review = useMemo(
    () =>
      tableReview(
        rows,
        origins,
        documents,
        corrections,
        record && {
          definitions: record.fields,
          values: record.values,
          document: record.batch?.document,
        },
      ),
    [rows, origins, documents, corrections, record],
  );
  const fields = useMemo(() => record?.fields ?? [], [record]);
  const [show, setShow] = useState<RowFilter>('all');
  const keepDocument = documentFilter?.keep;
  const keep = useMemo(
    () =>
      show === 'all' && !keepDocument
        ? undefined
        : (index: number) =>
            (keepDocument?.(index) ?? true) && matchesRowFilter(review, columns, show, index),
    [show, keepDocument, review, columns],
  );
  const view = useTableView({
    rows: review.rows,
    filter: keep,
    filterKey: `${documentFilter?.key ?? ''}:${show}`,
  });
  // Review steps through the rows of the document shown, in the sort's order; the flagged and
  // edited filters aside, so a cell just accepted keeps its place.
  const reviewOrder = useMemo(
    () => (keepDocument ? view.sortedAll.filter(keepDocument) : view.sortedAll),
    [keepDocument, view.sortedAll],
  );
  const session = useReviewSession({
    review,
    columns,
    fields,
    fieldsId: baseId,
    view,
    order: reviewOrder,
    correct,
    undo,
  });
  const valueText = useCellText(columns, review.rows, review, fields);
  const workspaceRef = useRef<HTMLDivElement>(null);
  const isWide = useIsRoomy(workspaceRef);
  const sourceColumn = record?.batch?.sourceColumn;
  const tables = useMemo(() => {
    const table = (order: readonly number[]) => ({
      decimals,
      ...flatTable(
        columns,
        order.map((index) => review.rows[index] ?? {}),
        fields,
        review.fieldValues,
        sourceColumn,
      ),
    });
    // A batch's document carries its own fields: "all rows" are that document's.
    return { shown: table(view.order), all: table(sourceColumn ? reviewOrder : view.sortedAll) };
  }, [columns, decimals, view.order, view.sortedAll, reviewOrder, review, fields, sourceColumn]);
  const isLoaded = documents.every((document) => document.detail !== null);
  const flaggedCount = session.flagged.length;

  const pane = session.isOpen ? (
    <Suspense fallback={<p className="p-4 text-sm text-muted-foreground">Opening the review…</p>}>
      <ReviewPane
        session={session}
        review={review}
        columns={columns}
        fields={fields}
        valueText={valueText}
        pageImageUrl={props.pageImageUrl}
        isCompact={!isWide}
      />
    </Suspense>
  ) : null;
  const onCellKey = (event: KeyboardEvent<HTMLElement>) => {
    if (session.isOpen) reviewShortcut(event, session);
  };
  const isOnField = session.current?.index === FIELDS_ROW;
  const hasTable = columns.length > 0;
  // Beside the table when there is room; under the fields otherwise, or when there is no table.
  const paneByFields = pane && (isOnField || !hasTable) && (!isWide || !hasTable) ? pane : null;

  return (
    <div ref={workspaceRef} className="min-w-0 space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        {documentFilter?.control}
        <ResultToolbar tables={tables} name={props.exportName} />
      </div>
      {props.actions}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ChoiceGroup label="Show" value={show} options={ROW_FILTERS} onChange={setShow} />
        {isLoaded && flaggedCount > 0 && !session.isOpen ? (
          <Button
            variant="outline"
            size="sm"
            onPointerEnter={() => void loadReviewPane()}
            onFocus={() => void loadReviewPane()}
            onClick={session.start}
          >
            <Flag aria-hidden="true" />
            Review {flaggedCount.toLocaleString('en-US')} {flaggedCount === 1 ? 'cell' : 'cells'}
          </Button>
        ) : null}
        {isLoaded &&
        flaggedCount === 0 &&
        !session.isOpen &&
        (rows.length > 0 || fields.length > 0) ? (
          <p className="text-sm text-muted-foreground">No values are flagged for review.</p>
        ) : null}
        {!isLoaded ? (
          <p className="text-sm text-muted-foreground">Loading each document’s review…</p>
        ) : null}
      </div>
      {record ? <FailedChecks checks={record.checks} /> : null}
      {fields.length > 0 ? (
        <FieldsPanel
          baseId={baseId}
          fields={fields}
          review={review}
          valueText={valueText}
          session={session}
        />
      ) : null}
      {paneByFields}
      {hasTable ? (
        <ResultTable
          columns={columns}
          rows={review.rows}
          view={view}
          review={review}
          valueText={valueText}
          caption={props.caption}
          onCellKey={onCellKey}
          onOpenCell={(_, how) => {
            if (!session.isOpen) return false;
            if (how === 'key') session.edit();
            return true;
          }}
          currentCell={session.current}
          aside={isWide && !paneByFields ? pane : null}
          detail={
            !isWide && pane && session.current
              ? { index: session.current.index, content: pane }
              : null
          }
          legend={rows.length > 0 ? <TableLegend flagged={isLoaded ? flaggedCount : null} /> : null}
        />
      ) : null}
    </div>
  );
}
