import { eventFrame, type FrameDeps } from './job-event-frames';
import { listJobEvents, waitForJobEvent } from './job-events';
import { areResultsExpired } from './job-retention';
import type { JobRow } from './jobs.queries';

const POLL_MS = 1_000;
const PING_MS = 15_000;
/** Events read from the log at a time. */
const PAGE_SIZE = 100;

/** Where events are written: the response's stream (hono's SSEStreamingApi), or a recording. */
export type EventWriter = { write(part: string | Uint8Array): Promise<unknown> };

export type EventLogOptions = {
  job: JobRow;
  after: number;
  stream: EventWriter;
  signal: AbortSignal;
  /** Waits for events not yet written (a running job); false stops at the log's last event. */
  waits: boolean;
};

/**
 * Sends a job's events from the log after `after`, a page at a time, until its `end` event,
 * waiting for new ones between pages when asked to; after each document's rows it lets other
 * requests have their turn. Answers whether it sent the `end` event.
 */
export async function streamEventLog(deps: FrameDeps, options: EventLogOptions): Promise<boolean> {
  const { job, stream, signal } = options;
  const { db } = deps.reading;
  let after = options.after;
  let lastWrite = Date.now();
  while (!signal.aborted) {
    // A stream held open past the results' time stops; asked again, it answers 410.
    if (areResultsExpired(job)) return false;
    const events = await deps.queries(() => listJobEvents(db, job.id, after, PAGE_SIZE));
    for (const { id, event } of events) {
      if (signal.aborted) return false;
      after = id;
      const parts = await eventFrame(deps, job, id, event);
      if (parts === null) continue;
      for (const part of parts) await stream.write(part);
      lastWrite = Date.now();
      if (event.type === 'end') return true;
      if (event.type === 'document') await new Promise((resolve) => setImmediate(resolve));
    }
    if (events.length > 0) continue;
    if (!options.waits) return false;
    if (Date.now() - lastWrite > PING_MS) {
      await stream.write(': still working\n\n');
      lastWrite = Date.now();
    }
    await waitForJobEvent(job.id, POLL_MS, signal);
  }
  return false;
}
