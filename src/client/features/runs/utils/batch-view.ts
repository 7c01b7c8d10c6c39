import {
  combineTables,
  flatRows,
  type CombinedTable,
  type DocumentRows,
} from '../../../../shared/combined-table';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../../shared/extraction';
import type { ColumnDecimals } from '../../../../shared/number-decimals';
import {
  FINISHED_DOCUMENT_STATUSES,
  FINISHED_JOB_STATUSES,
  sourceColumnName,
  type Job,
  type JobDocument,
  type JobDocumentStatus,
  type JobEvent,
} from '../../../../shared/jobs';
import { applyProgress, INITIAL_PROGRESS, type RunProgress } from './run-progress';

/**
 * A job as the browser follows it: the job, each finished document's rows and number columns'
 * decimals by its id, and each running document's progress (parts, rows so far, waits).
 */
export type BatchView = {
  job: Job;
  rows: Readonly<Record<string, ExtractedRow[]>>;
  /** Each finished document's own fields by name (corrections applied), when the job asks for some. */
  fields?: Readonly<Record<string, ExtractedRow>>;
  decimals?: Readonly<Record<string, ColumnDecimals>>;
  progress?: Readonly<Record<string, RunProgress>>;
};

export function batchViewOf(job: Job): BatchView {
  return { job, rows: {}, decimals: {} };
}

export function isJobFinished(job: Pick<Job, 'status'>): boolean {
  return FINISHED_JOB_STATUSES.includes(job.status);
}

export function isDocumentFinished(document: Pick<JobDocument, 'status'>): boolean {
  return FINISHED_DOCUMENT_STATUSES.includes(document.status);
}

/** Where a document's progress puts it; an ended document stays as it ended. */
function advancedStatus(current: JobDocumentStatus, stage: string | null): JobDocumentStatus {
  if (isDocumentFinished({ status: current })) return current;
  if (stage === null || stage === 'reading') return current === 'queued' ? 'reading' : current;
  return 'extracting';
}

function withDocument(job: Job, id: string, change: (document: JobDocument) => JobDocument): Job {
  return {
    ...job,
    documents: job.documents.map((document) => (document.id === id ? change(document) : document)),
  };
}

/** The counts from the documents themselves: `status` events are sent only when the job's changes. */
function withCounts(job: Job): Job {
  return {
    ...job,
    documents_done: job.documents.filter(isDocumentFinished).length,
    rows_total: job.documents.reduce((sum, document) => sum + document.rows, 0),
  };
}

/**
 * The view after one event of GET /api/jobs/{id}/events. A stream replayed from the start over a
 * job read later never takes the job back: an ended document or job stays ended.
 */
export function applyJobEvent(view: BatchView, event: JobEvent): BatchView {
  switch (event.type) {
    case 'progress': {
      const stage = event.progress.type === 'stage' ? event.progress.stage : null;
      const job = withDocument(view.job, event.document_id, (document) => ({
        ...document,
        status: advancedStatus(document.status, stage),
      }));
      const progress = view.progress?.[event.document_id] ?? INITIAL_PROGRESS;
      return {
        ...view,
        job,
        progress: {
          ...view.progress,
          [event.document_id]: applyProgress(progress, event.progress),
        },
      };
    }
    case 'document': {
      const job = withDocument(view.job, event.document.id, () => event.document);
      return {
        ...view,
        job: withCounts(job),
        rows: { ...view.rows, [event.document.id]: event.rows },
        fields: { ...view.fields, [event.document.id]: event.fields ?? {} },
        decimals: { ...view.decimals, [event.document.id]: event.decimals ?? {} },
      };
    }
    case 'status':
      // A replayed `queued` or `running` does not undo a later state already known.
      if (isJobFinished(view.job) || (event.status === 'queued' && view.job.status === 'running'))
        return view;
      return { ...view, job: withCounts({ ...view.job, status: event.status }) };
    case 'end':
      return { ...view, job: event.job };
  }
}

/** What withReadFields needs of a document's review (results' DocumentReview has it). */
type ReadFields = {
  documentId: string;
  detail: { fieldValues?: Readonly<Record<string, CellValue>> } | null;
};

/**
 * The view with each document's fields as its result was last read (the server's, corrections
 * applied), where it has been: the stream's are as the document finished or the page opened.
 */
export function withReadFields(
  view: BatchView | null,
  documents: readonly ReadFields[],
): BatchView | null {
  if (!view || jobFields(view).length === 0) return view;
  const read = documents.flatMap(({ documentId, detail }) =>
    detail?.fieldValues ? [[documentId, { ...detail.fieldValues }] as const] : [],
  );
  if (read.length === 0) return view;
  return { ...view, fields: { ...view.fields, ...Object.fromEntries(read) } };
}

/** The document fields the job asks for; none for a job of columns alone. */
export function jobFields(view: BatchView): ColumnDefinition[] {
  return view.job.fields ?? [];
}

/**
 * A document's part of the combined table: its status, rows and fields, once it has finished.
 * With fields, the table is the flat view (combined-table.ts): each line item with its
 * document's fields, a document without line items one row of its fields.
 */
function resultOf(view: BatchView, document: JobDocument): DocumentRows['result'] {
  const rows = view.rows[document.id];
  if (!rows) return null;
  return {
    status: document.status_code ?? 200,
    rows,
    decimals: view.decimals?.[document.id],
    fallback: document.fallback,
    fieldDefinitions: jobFields(view),
    fields: view.fields?.[document.id],
  };
}

/**
 * The combined table so far: every finished document's rows, in document order. A document that
 * gave no rows adds the text that stands in for them only `withFallback` (the person asked).
 */
export function batchTable(
  view: BatchView,
  {
    documentId = null,
    withFallback = false,
  }: { documentId?: string | null; withFallback?: boolean } = {},
): CombinedTable {
  const documents = view.job.documents
    .filter((document) => documentId === null || document.id === documentId)
    .map((document) => ({ name: document.name, result: resultOf(view, document) }));
  return combineTables(view.job.columns, documents, { withFallback });
}

/** Its name, its fields, and how many line items it has (its items open from there). */
export type DocumentLine = { id: string; name: string; fields: ExtractedRow; items: number };

/**
 * The documents view of a job with fields (issue 31): one line per finished document, and the
 * same as a table for Copy and the downloads (source, the fields, the number of line items).
 */
export function documentLines(view: BatchView) {
  const fields = jobFields(view);
  const lines: DocumentLine[] = view.job.documents
    .filter((document) => view.rows[document.id] !== undefined && document.status_code !== 500)
    .map((document) => ({
      id: document.id,
      name: document.name,
      fields: view.fields?.[document.id] ?? {},
      items: document.fallback ? 0 : (view.rows[document.id]?.length ?? 0),
    }));
  const source = sourceColumnName([...fields, ...view.job.columns]);
  const items = 'line items';
  const table = {
    columns: [
      { name: source, type: 'text' as const },
      ...fields,
      { name: items, type: 'number' as const },
    ],
    rows: lines.map((line) => ({ [source]: line.name, ...line.fields, [items]: line.items })),
  };
  return { lines, table };
}

/**
 * Which document (its place in the job's list) and which of its rows each row of batchTable(view)
 * is, parallel to the table's rows: what the table's review and corrections name.
 */
export function batchOrigins(
  view: BatchView,
  { withFallback = false }: { withFallback?: boolean } = {},
): ({ document: number; row: number } | null)[] {
  return view.job.documents.flatMap((document, place) =>
    flatRows(resultOf(view, document), jobFields(view), { withFallback }).map(({ item }) =>
      // A row of fields alone is none of the document's rows: it has no cells to review.
      item === null ? null : { document: place, row: item },
    ),
  );
}

/** The documents that gave no rows, whose text can be shown in the table instead. */
export function hasFallbackText(view: BatchView): boolean {
  return view.job.documents.some(
    (document) => document.fallback === 'no_rows' && (view.rows[document.id]?.length ?? 0) > 0,
  );
}

/**
 * A document's state in words, so that it never rests on a colour or an icon alone; one that
 * gave no rows says where its text is (`isFallbackShown`: in the table, at the person's asking).
 */
export function documentStatusText(document: JobDocument, isFallbackShown = false): string {
  if (document.status === 'partial' && document.fallback === 'no_rows')
    return isFallbackShown
      ? 'No rows found: the start of its text is in the table, as text, not data'
      : 'No rows found: left out of the table (show its text below)';
  const rows = `${document.rows.toLocaleString('en-US')} ${document.rows === 1 ? 'row' : 'rows'}`;
  switch (document.status) {
    case 'waiting_for_credits':
      return 'Waiting for credits: it runs by itself once you have some';
    case 'queued':
      return 'Queued';
    case 'reading':
      return 'Reading';
    case 'extracting':
      return 'Extracting';
    case 'succeeded':
      return document.from_cache ? `${rows} found, from cache` : `${rows} found`;
    case 'partial':
      return `${rows} found, partly extracted`;
    case 'failed':
      return `Error: ${document.message ?? 'the document could not be extracted.'}`;
    case 'cancelled':
      return 'Cancelled';
  }
}

/**
 * For a batch some of whose results were given again from cache: how many, and that they come
 * with the corrections made to them; null when none did.
 */
export function fromCacheText(job: Pick<Job, 'documents'>): string | null {
  const count = job.documents.filter((document) => document.from_cache).length;
  if (count === 0) return null;
  const of =
    count === job.documents.length ? `All ${count}` : `${count} of ${job.documents.length}`;
  return `From cache: ${of} documents read the same as an earlier run with the same columns and instructions, so their results are shown, with the corrections made to them, without asking the model.`;
}

/** 'Running: 2 of 3 documents done, 14 rows', or how the job ended. */
const documentsWord = (count: number) => (count === 1 ? 'document' : 'documents');

export function jobSummary(job: Job, progress?: RunProgress): string {
  // A single run followed after a reload says its stage, as the run did; its counts follow.
  if (progress && job.status === 'running') return progress.stage ?? 'Starting the extraction…';
  const total = `${job.documents_total} ${documentsWord(job.documents_total)}`;
  const done = `${job.documents_done} of ${total} done`;
  const rows = `${job.rows_total.toLocaleString('en-US')} ${job.rows_total === 1 ? 'row' : 'rows'}`;
  switch (job.status) {
    case 'queued':
      return `Queued: ${total} waiting`;
    case 'running':
      return `Running: ${done}, ${rows} so far`;
    case 'succeeded':
      return `Finished: ${rows} from ${total}`;
    case 'partial':
      return `Finished with problems: ${done}, ${rows}; see each document's status`;
    case 'failed':
      return 'Failed: no document could be extracted';
    case 'cancelled':
      return cancelledSummary(job, rows);
  }
}

/** A cancelled job counts the documents that finished before it stopped, not those it dropped. */
function cancelledSummary(job: Job, rows: string): string {
  const finished = job.documents.filter((document) =>
    ['succeeded', 'partial', 'failed'].includes(document.status),
  ).length;
  if (finished === 0) return 'Cancelled before any document finished';
  return `Cancelled: ${finished} of ${job.documents_total} ${documentsWord(job.documents_total)} finished, ${rows}`;
}
