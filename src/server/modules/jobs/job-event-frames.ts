import { tableRows } from '../../../shared/combined-table';
import { correctionsByDocument } from '../corrections/document-corrections';
import type { TurnLimit } from '../../http/turn-limit';
import type { EventFrameCache } from './event-frame-cache';
import type { StoredJobEvent } from './job-events';
import { jobReview, readDocumentResult, type ResultsReading } from './job-results';
import { areResultsExpired } from './job-retention';
import { toJob, toJobDocument } from './job-view';
import { selectDocument, selectDocuments, selectJob, type JobRow } from './jobs.queries';
import { selectRowsText } from './result-texts.queries';
import { rowsDecimalsText, tableRowsText } from './table-rows-text';

export type FrameDeps = {
  reading: ResultsReading;
  frames: EventFrameCache;
  /**
   * Runs the streams' queries a few at a time: a hundred replays would otherwise hold every
   * connection of the pool, and every other request (a health check, a page) would queue behind.
   */
  queries: TurnLimit;
};

const encoder = new TextEncoder();

/** JSON holds line breaks only as spacing between its tokens (never inside a string). */
const oneLine = (json: string) => json.replace(/[\r\n]+/g, ' ');

/** An event as sent: its type, its data on one `data:` line, its id. */
function frame(id: number, type: string, data: string): string {
  return `event: ${type}\ndata: ${oneLine(data)}\nid: ${id}\n\n`;
}

/**
 * A `document` event's rows member, its number columns' decimals when it has them, and its own
 * fields (`{}` for a result without any).
 */
function rowsMembers(rows: string, decimals: string | null, fields: string | null): string {
  const decimalsMember = decimals === null ? '' : `,"decimals":${decimals}`;
  return `"rows":${rows}${decimalsMember},"fields":${fields ?? '{}'}`;
}

/**
 * A document's rows and fields as people see them, with its number columns' decimals, as the JSON bytes of
 * its event's members. Without corrections they are the JSON text the database picks out of the
 * stored result, never parsed here; with some, the result is read and corrected as every reader
 * does (job-results.ts). Either way the bytes are kept (event-frame-cache.ts) under the document
 * and its corrections, which are all that can change them, unless the job's results are past
 * their time (the sweep deletes them).
 */
async function rowsBytes(deps: FrameDeps, job: JobRow, documentId: string): Promise<Uint8Array> {
  const { reading, queries } = deps;
  const corrections = await queries(() => correctionsByDocument(reading.db, [documentId]));
  const own = corrections.get(documentId) ?? [];
  const key = `${documentId}|${own.map((correction) => correction.id).join(',')}`;
  const isKept = !areResultsExpired(job);
  const cached = isKept ? deps.frames.get(key) : undefined;
  if (cached) return cached;
  const members = await queries(async () => {
    if (own.length > 0) {
      const entry = await readDocumentResult(reading, job.id, documentId);
      // A document that gave no rows sends its fallback text: the page shows it when asked.
      const rows = tableRows(entry?.result ?? null, { withFallback: true });
      const decimals = rows.length > 0 ? entry?.result?.decimals : undefined;
      const fields = entry?.result ? JSON.stringify(entry.result.fields) : null;
      return rowsMembers(JSON.stringify(rows), decimals ? JSON.stringify(decimals) : null, fields);
    }
    const found = await selectRowsText(reading.db, documentId);
    const rows = found ? tableRowsText(found) : '[]';
    const fields = found?.fields && found.fields.trim() !== 'null' ? found.fields : null;
    return rowsMembers(rows, found ? rowsDecimalsText(rows, found.decimals) : null, fields);
  });
  const bytes = encoder.encode(oneLine(members));
  if (isKept) deps.frames.set(key, bytes);
  return bytes;
}

/** A `document` event as sent: the document as it is now, its rows, their decimals, its fields. */
async function documentFrame(deps: FrameDeps, job: JobRow, id: number, documentId: string) {
  const document = await deps.queries(() => selectDocument(deps.reading.db, documentId));
  if (!document) return null;
  const head = `event: document\ndata: {"type":"document","document":${JSON.stringify(toJobDocument(document))},`;
  const members = await rowsBytes(deps, job, documentId);
  return [head, members, `}\nid: ${id}\n\n`];
}

/**
 * An event as sent, in parts to write in turn; null when its document is gone. A `status` event
 * carries the job's review summary and an `end` event the job, as they are now (corrections
 * change them after the job ended).
 */
export async function eventFrame(
  deps: FrameDeps,
  job: JobRow,
  id: number,
  event: StoredJobEvent,
): Promise<(string | Uint8Array)[] | null> {
  const { db } = deps.reading;
  if (event.type === 'document') return documentFrame(deps, job, id, event.document_id);
  if (event.type === 'status') {
    const review = await deps.queries(() => jobReview(db, job.id));
    return [frame(id, 'status', JSON.stringify({ ...event, review }))];
  }
  if (event.type === 'end') {
    const now = await deps.queries(async () => {
      const row = await selectJob(db, job.id);
      return row && toJob(row, await selectDocuments(db, [job.id]));
    });
    return [frame(id, 'end', JSON.stringify(now ? { type: 'end', job: now } : event))];
  }
  return [frame(id, event.type, JSON.stringify(event))];
}
