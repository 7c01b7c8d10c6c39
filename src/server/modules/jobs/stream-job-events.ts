import type { SSEStreamingApi } from 'hono/streaming';
import { eventFrame, type FrameDeps } from './job-event-frames';
import { listJobEvents, waitForJobEvent } from './job-events';
import { areResultsExpired } from './job-retention';
import type { JobRow } from './jobs.queries';

const POLL_MS = 1_000;
const PING_MS = 15_000;
/** Events read from the log at a time. */
const PAGE_SIZE = 100;

export type StreamDeps = FrameDeps;

/**
 * Sends a job's events from after `after` (the Last-Event-ID of a dropped connection) until its
 * `end` event, a page at a time from the log, waiting for new ones between; each event carries
 * its id. After each document's rows it lets other requests have their turn.
 */
export async function streamJobEvents(
  deps: StreamDeps,
  options: { job: JobRow; after: number; stream: SSEStreamingApi; signal: AbortSignal },
): Promise<void> {
  const { job, stream, signal } = options;
  const { db } = deps.reading;
  let after = options.after;
  let lastWrite = Date.now();
  while (!signal.aborted) {
    // A stream held open past the results' time stops; asked again, it answers 410.
    if (areResultsExpired(job)) return;
    const events = await deps.queries(() => listJobEvents(db, job.id, after, PAGE_SIZE));
    for (const { id, event } of events) {
      if (signal.aborted) return;
      after = id;
      const parts = await eventFrame(deps, job, id, event);
      if (parts === null) continue;
      for (const part of parts) await stream.write(part);
      lastWrite = Date.now();
      if (event.type === 'end') return;
      if (event.type === 'document') await new Promise((resolve) => setImmediate(resolve));
    }
    if (events.length > 0) continue;
    if (Date.now() - lastWrite > PING_MS) {
      await stream.write(': still working\n\n');
      lastWrite = Date.now();
    }
    await waitForJobEvent(job.id, POLL_MS, signal);
  }
}
