import type { SSEStreamingApi } from 'hono/streaming';
import type { Kysely } from 'kysely';
import type { LimitFunction } from 'p-limit';
import type { Database } from '../../db/schema';
import type { EventFrameCache } from './event-frame-cache';
import { listJobEvents, waitForJobEvent, type StoredJobEvent } from './job-events';
import { toJobDocument } from './job-view';
import { selectDocument, selectRowsText } from './jobs.queries';
import { tableRowsText } from './table-rows-text';

const POLL_MS = 1_000;
const PING_MS = 15_000;
/** Events read from the log at a time. */
const PAGE_SIZE = 100;

export type StreamDeps = {
  db: Kysely<Database>;
  frames: EventFrameCache;
  /**
   * Runs the streams' queries a few at a time: a hundred replays would otherwise hold every
   * connection of the pool, and every other request (a health check, a page) would queue behind.
   */
  queries: LimitFunction;
};

/**
 * An event as sent: its type, its data on one `data:` line, its id. JSON holds line breaks only
 * as spacing between its tokens (never inside a string), so a space does as well.
 */
function frame(id: number, type: string, data: string): string {
  return `event: ${type}\ndata: ${data.replace(/[\r\n]+/g, ' ')}\nid: ${id}\n\n`;
}

/**
 * A `document` event as sent: the document as it ended and its rows. The rows' JSON text goes
 * from the database into the stream as it is, never parsed here, since it may hold thousands.
 */
async function documentFrame(deps: StreamDeps, id: number, documentId: string) {
  const cached = deps.frames.get(id);
  if (cached) return cached;
  const { db, queries } = deps;
  const document = await queries(() => selectDocument(db, documentId));
  if (!document) return null;
  const found = await queries(() => selectRowsText(db, documentId));
  const rows = found ? tableRowsText(found) : '[]';
  const data = `{"type":"document","document":${JSON.stringify(toJobDocument(document))},"rows":${rows}}`;
  const bytes = new TextEncoder().encode(frame(id, 'document', data));
  deps.frames.set(id, bytes);
  return bytes;
}

async function eventFrame(deps: StreamDeps, id: number, event: StoredJobEvent) {
  if (event.type === 'document') return documentFrame(deps, id, event.document_id);
  return frame(id, event.type, JSON.stringify(event));
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
    const events = await deps.queries(() => listJobEvents(deps.db, jobId, after, PAGE_SIZE));
    for (const { id, event } of events) {
      if (signal.aborted) return;
      after = id;
      const sent = await eventFrame(deps, id, event);
      if (sent === null) continue;
      await stream.write(sent);
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
