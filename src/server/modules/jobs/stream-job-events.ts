import type { SSEStreamingApi } from 'hono/streaming';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listJobEvents, waitForJobEvent, type StoredJobEvent } from './job-events';
import { toJobDocument } from './job-view';
import { selectDocument, selectRowsText } from './jobs.queries';
import type { RowsTextCache } from './rows-text-cache';
import { tableRowsText } from './table-rows-text';

const POLL_MS = 1_000;
const PING_MS = 15_000;
/** Events read from the log at a time. */
const PAGE_SIZE = 100;

type StreamDeps = { db: Kysely<Database>; rowsCache: RowsTextCache };

/** A finished document's table rows as JSON text: from the cache, or picked out by the database. */
async function rowsTextOf({ db, rowsCache }: StreamDeps, documentId: string): Promise<string> {
  const cached = rowsCache.get(documentId);
  if (cached !== undefined) return cached;
  const found = await selectRowsText(db, documentId);
  const rows = found ? tableRowsText(found) : '[]';
  rowsCache.set(documentId, rows);
  return rows;
}

/**
 * An event's data as sent. A `document` event carries the document as it ended and its rows:
 * the rows' JSON text goes into the stream as it is, never parsed here, since a finished job may
 * be replayed by many clients and its rows may be thousands.
 */
async function eventData(deps: StreamDeps, event: StoredJobEvent): Promise<string | null> {
  if (event.type !== 'document') return JSON.stringify(event);
  const document = await selectDocument(deps.db, event.document_id);
  if (!document) return null;
  const rows = await rowsTextOf(deps, document.id);
  return `{"type":"document","document":${JSON.stringify(toJobDocument(document))},"rows":${rows}}`;
}

/** One event, written at once: JSON text holds no line break, so its data is one `data:` line. */
async function writeEvent(stream: SSEStreamingApi, id: number, type: string, data: string) {
  if (/[\r\n]/.test(data)) await stream.writeSSE({ id: String(id), event: type, data });
  else await stream.write(`event: ${type}\ndata: ${data}\nid: ${id}\n\n`);
}

/**
 * Sends a job's events from after `after` (the Last-Event-ID of a dropped connection) until its
 * `end` event, a page at a time from the log, waiting for new ones between; each event carries
 * its id. After each document's rows it lets other requests have their turn.
 */
export async function streamJobEvents(
  deps: StreamDeps,
  options: { jobId: string; after: number; stream: SSEStreamingApi; signal: AbortSignal },
): Promise<void> {
  const { jobId, stream, signal } = options;
  let after = options.after;
  let lastWrite = Date.now();
  while (!signal.aborted) {
    const events = await listJobEvents(deps.db, jobId, after, PAGE_SIZE);
    for (const { id, event } of events) {
      if (signal.aborted) return;
      after = id;
      const data = await eventData(deps, event);
      if (data === null) continue;
      await writeEvent(stream, id, event.type, data);
      lastWrite = Date.now();
      if (event.type === 'end') return;
      if (event.type === 'document') await new Promise((resolve) => setImmediate(resolve));
    }
    if (events.length > 0) continue;
    if (Date.now() - lastWrite > PING_MS) {
      await stream.write(': still working\n\n');
      lastWrite = Date.now();
    }
    await waitForJobEvent(jobId, POLL_MS, signal);
  }
}
