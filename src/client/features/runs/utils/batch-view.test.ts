import { describe, expect, it } from 'vitest';
import type { Job, JobDocument } from '../../../../shared/jobs';
import {
  applyJobEvent,
  batchOrigins,
  batchTable,
  batchViewOf,
  documentLines,
  documentStatusText,
  hasFallbackText,
  jobSummary,
  type BatchView,
} from './batch-view';

const NO_REVIEW = { total: 0, flagged: 0, edited: 0 };

function doc(id: string, name: string, overrides: Partial<JobDocument> = {}): JobDocument {
  return {
    id,
    name,
    kind: 'file',
    status: 'queued',
    status_code: null,
    message: null,
    rows: 0,
    fallback: null,
    file_type: null,
    size: null,
    started_at: null,
    finished_at: null,
    timings: null,
    review: null,
    usage: null,
    can_run_again: false,
    from_cache: null,
    ...overrides,
  };
}

const job: Job = {
  id: 'job-1',
  status: 'queued',
  columns: [{ name: 'item', type: 'text' }],
  description: null,
  documents: [doc('a', 'a.txt'), doc('b', 'b.txt')],
  documents_total: 2,
  documents_done: 0,
  rows_total: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: null,
  finished_at: null,
  review: NO_REVIEW,
  usage: { input_tokens: 0, output_tokens: 0, calls: 0, cost: null },
  result_expires_at: null,
};

const stage = (id: string, name: 'reading' | 'planning') => ({
  type: 'progress' as const,
  document_id: id,
  progress: { type: 'stage' as const, stage: name, message: name },
});

const finishedA = {
  type: 'document' as const,
  document: doc('a', 'a.txt', { status: 'succeeded', status_code: 200, rows: 2 }),
  rows: [{ item: 'Desk' }, { item: 'Lamp' }],
};

describe('applyJobEvent', () => {
  it('moves a document from queued through reading and extracting to its end', () => {
    let view: BatchView = batchViewOf(job);
    view = applyJobEvent(view, stage('a', 'reading'));
    expect(view.job.documents[0]?.status).toBe('reading');
    view = applyJobEvent(view, stage('a', 'planning'));
    expect(view.job.documents[0]?.status).toBe('extracting');
    view = applyJobEvent(view, finishedA);
    expect(view.job.documents[0]?.status).toBe('succeeded');
    // A progress event replayed after the end does not undo it.
    view = applyJobEvent(view, stage('a', 'reading'));
    expect(view.job.documents[0]?.status).toBe('succeeded');
    expect(view.job.documents[1]?.status).toBe('queued');
  });

  it('counts documents done and rows from the documents, whatever a replayed status says', () => {
    const running = { ...job, status: 'running' as const };
    let view = applyJobEvent(batchViewOf(running), finishedA);
    view = applyJobEvent(view, {
      type: 'status',
      status: 'queued',
      documents_done: 0,
      rows_total: 0,
      review: NO_REVIEW,
    });
    view = applyJobEvent(view, {
      type: 'status',
      status: 'running',
      documents_done: 0,
      rows_total: 0,
      review: NO_REVIEW,
    });
    expect(view.job).toMatchObject({ status: 'running', documents_done: 1, rows_total: 2 });
  });

  it('keeps a known end when an earlier status is replayed', () => {
    const ended = applyJobEvent(batchViewOf(job), {
      type: 'end',
      job: { ...job, status: 'succeeded', documents_done: 2 },
    });
    const replayed = applyJobEvent(ended, {
      type: 'status',
      status: 'running',
      documents_done: 0,
      rows_total: 0,
      review: NO_REVIEW,
    });
    expect(replayed.job.status).toBe('succeeded');
  });
});

describe('batchTable', () => {
  it('combines finished documents under a first source column, or shows one document', () => {
    let view = applyJobEvent(batchViewOf(job), finishedA);
    view = applyJobEvent(view, {
      type: 'document',
      document: doc('b', 'b.txt', { status: 'succeeded', status_code: 200, rows: 1 }),
      rows: [{ item: 'Chair' }],
    });
    const table = batchTable(view);
    expect(table.columns.map((column) => column.name)).toEqual(['source', 'item']);
    expect(table.rows).toEqual([
      { source: 'a.txt', item: 'Desk' },
      { source: 'a.txt', item: 'Lamp' },
      { source: 'b.txt', item: 'Chair' },
    ]);
    expect(batchTable(view, { documentId: 'b' }).rows).toEqual([
      { source: 'b.txt', item: 'Chair' },
    ]);
  });

  it('leaves out documents not finished yet', () => {
    expect(batchTable(batchViewOf(job)).rows).toEqual([]);
  });

  it('tells each row’s document and its row there, as the table orders them', () => {
    let view = applyJobEvent(batchViewOf(job), finishedA);
    expect(batchOrigins(view)).toEqual([
      { document: 0, row: 0 },
      { document: 0, row: 1 },
    ]);
    view = applyJobEvent(view, {
      type: 'document',
      document: doc('b', 'b.txt', { status: 'failed', status_code: 500, rows: 0 }),
      rows: [{ item: null }],
    });
    // A 500's stand-in rows are not in the table, so they have no origins either.
    expect(batchOrigins(view)).toHaveLength(batchTable(view).rows.length);
  });

  it('leaves out the text of a document that gave no rows, unless asked', () => {
    let view = applyJobEvent(batchViewOf(job), finishedA);
    view = applyJobEvent(view, {
      type: 'document',
      document: doc('b', 'b.txt', {
        status: 'partial',
        status_code: 207,
        rows: 0,
        fallback: 'no_rows',
      }),
      rows: [{ item: 'We met on Tuesday.' }],
    });
    expect(hasFallbackText(view)).toBe(true);
    expect(batchTable(view).rows).toEqual([
      { source: 'a.txt', item: 'Desk' },
      { source: 'a.txt', item: 'Lamp' },
    ]);
    expect(batchOrigins(view)).toHaveLength(2);
    const shown = batchTable(view, { withFallback: true }).rows;
    expect(shown.at(-1)).toEqual({ source: 'b.txt', item: 'We met on Tuesday.' });
    expect(batchOrigins(view, { withFallback: true })).toHaveLength(shown.length);
    const line = documentStatusText(view.job.documents[1]!);
    expect(line).toMatch(/^No rows found: left out of the table/);
    expect(documentStatusText(view.job.documents[1]!, true)).toMatch(/not data/);
  });
});

describe('status text', () => {
  it('says each state in words', () => {
    expect(documentStatusText(doc('a', 'a', { status: 'succeeded', rows: 1 }))).toBe('1 row found');
    expect(
      documentStatusText(doc('a', 'a', { status: 'failed', message: 'The file is empty.' })),
    ).toBe('Error: The file is empty.');
    expect(jobSummary({ ...job, status: 'running', documents_done: 1, rows_total: 2 })).toBe(
      'Running: 1 of 2 documents done, 2 rows so far',
    );
  });

  // The walk of issue 32: a batch cancelled at once said "3 of 3 documents done, 0 rows".
  it('counts only the documents that finished before a cancel', () => {
    const cancelled = (statuses: JobDocument['status'][], rows: number) =>
      jobSummary({
        ...job,
        status: 'cancelled',
        documents_total: statuses.length,
        documents_done: statuses.length,
        rows_total: rows,
        documents: statuses.map((status, index) => doc(`d${index}`, `${index}.txt`, { status })),
      });
    expect(cancelled(['cancelled', 'cancelled', 'cancelled'], 0)).toBe(
      'Cancelled before any document finished',
    );
    expect(cancelled(['succeeded', 'cancelled', 'cancelled'], 4)).toBe(
      'Cancelled: 1 of 3 documents finished, 4 rows',
    );
  });
});

describe('a batch of records', () => {
  const done = (id: string, name: string, rows: number) =>
    doc(id, name, { status: 'succeeded', status_code: 200, rows });
  const receipts: Job = {
    ...job,
    status: 'succeeded',
    columns: [{ name: 'item', type: 'text' }],
    fields: [{ name: 'total', type: 'number' }],
    documents: [done('d1', 'a.txt', 2), done('d2', 'b.txt', 0)],
  };
  const view: BatchView = {
    job: receipts,
    rows: { d1: [{ item: 'Tea' }, { item: 'Cake' }], d2: [] },
    fields: { d1: { total: 9 }, d2: { total: 4.5 } },
  };

  it('shows one line per document: its fields and how many line items it has', () => {
    const { lines, table } = documentLines(view);
    expect(lines.map(({ name, fields, items }) => ({ name, fields, items }))).toEqual([
      { name: 'a.txt', fields: { total: 9 }, items: 2 },
      { name: 'b.txt', fields: { total: 4.5 }, items: 0 },
    ]);
    expect(table.columns.map((column) => column.name)).toEqual(['source', 'total', 'line items']);
    expect(table.rows[1]).toEqual({ source: 'b.txt', total: 4.5, 'line items': 0 });
  });

  it('flat, repeats the fields on each line item, and gives a document without items one row', () => {
    const table = batchTable(view);
    expect(table.columns.map((column) => column.name)).toEqual(['source', 'total', 'item']);
    expect(table.rows).toEqual([
      { source: 'a.txt', total: 9, item: 'Tea' },
      { source: 'a.txt', total: 9, item: 'Cake' },
      { source: 'b.txt', total: 4.5 },
    ]);
    expect(batchOrigins(view)).toHaveLength(3);
  });

  it('keeps each document’s fields from its event', () => {
    const next = applyJobEvent(batchViewOf(receipts), {
      type: 'document',
      document: done('d1', 'a.txt', 1),
      rows: [{ item: 'Tea' }],
      fields: { total: 3 },
    });
    expect(next.fields).toEqual({ d1: { total: 3 } });
  });
});
