import type { SSEStreamingApi } from 'hono/streaming';
import type { Kysely } from 'kysely';
import type { ExtractionResult } from '../../../shared/extraction';
import type { JobEvent } from '../../../shared/jobs';
import type { Database } from '../../db/schema';
import { listJobEvents, waitForJobEvent, type StoredJobEvent } from './job-events';
import { tableRows } from '../../../shared/combined-table';
import { toJobDocument } from './job-view';
import { selectDocument, selectResult } from './jobs.queries';

const POLL_MS = 1_000;
const PING_MS = 15_000;

/** A `document` event as sent: the document as it ended, and its rows. */
async function expand(db: Kysely<Database>, event: StoredJobEvent): Promise<JobEvent | null> {
  if (event.type !== 'document') return event;
  const document = await selectDocument(db, event.document_id);
  if (!document) return null;
  const result = await selectResult(db, document.id);
  const rows = tableRows(result ? (JSON.parse(result) as ExtractionResult) : null);
  return { type: 'document', document: toJobDocument(document), rows };
}

/**
 * Sends a job's events from after `after` (the Last-Event-ID of a dropped connection) until its
 * `end` event, waiting for new ones between; each event carries its id.
 */
export async function streamJobEvents(options: {
  db: Kysely<Database>;
  jobId: string;
  after: number;
  stream: SSEStreamingApi;
  signal: AbortSignal;
}): Promise<void> {
  const { db, jobId, stream, signal } = options;
  let after = options.after;
  let lastWrite = Date.now();
  while (!signal.aborted) {
    const events = await listJobEvents(db, jobId, after);
    for (const { id, event } of events) {
      after = id;
      const sent = await expand(db, event);
      if (!sent) continue;
      await stream.writeSSE({ id: String(id), event: sent.type, data: JSON.stringify(sent) });
      lastWrite = Date.now();
      if (sent.type === 'end') return;
    }
    if (events.length > 0) continue;
    if (Date.now() - lastWrite > PING_MS) {
      await stream.write(': still working\n\n');
      lastWrite = Date.now();
    }
    await waitForJobEvent(jobId, POLL_MS, signal);
  }
}
