import type { SSEStreamingApi } from 'hono/streaming';
import type { JobEvent } from '../../../shared/jobs';
import { listJobEvents, waitForJobEvent, type StoredJobEvent } from './job-events';
import { tableRows } from '../../../shared/combined-table';
import { jobReview, readDocumentResult, type ResultsReading } from './job-results';
import { toJob, toJobDocument } from './job-view';
import { selectDocument, selectDocuments, selectJob } from './jobs.queries';

const POLL_MS = 1_000;
const PING_MS = 15_000;

/**
 * An event as sent: a `document` event with the document as it ended and its rows, corrections
 * applied; a `status` event with the job's review summary, and an `end` event with the job, as
 * they are now (corrections change them after the job ended).
 */
async function expand(
  reading: ResultsReading,
  jobId: string,
  event: StoredJobEvent,
): Promise<JobEvent | null> {
  const { db } = reading;
  if (event.type === 'status') return { ...event, review: await jobReview(db, jobId) };
  if (event.type === 'end') {
    const job = await selectJob(db, jobId);
    return job ? { type: 'end', job: toJob(job, await selectDocuments(db, [jobId])) } : event;
  }
  if (event.type !== 'document') return event;
  const document = await selectDocument(db, event.document_id);
  if (!document) return null;
  const entry = await readDocumentResult(reading, jobId, document.id);
  return {
    type: 'document',
    document: toJobDocument(document),
    // A document that gave no rows sends its fallback text: the page shows it when asked.
    rows: tableRows(entry?.result ?? null, { withFallback: true }),
  };
}

/**
 * Sends a job's events from after `after` (the Last-Event-ID of a dropped connection) until its
 * `end` event, waiting for new ones between; each event carries its id.
 */
export async function streamJobEvents(options: {
  reading: ResultsReading;
  jobId: string;
  after: number;
  stream: SSEStreamingApi;
  signal: AbortSignal;
}): Promise<void> {
  const { reading, jobId, stream, signal } = options;
  let after = options.after;
  let lastWrite = Date.now();
  while (!signal.aborted) {
    const events = await listJobEvents(reading.db, jobId, after);
    for (const { id, event } of events) {
      after = id;
      const sent = await expand(reading, jobId, event);
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
