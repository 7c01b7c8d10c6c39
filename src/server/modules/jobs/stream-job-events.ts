import { finishedReplay, type ReplayDeps } from './finished-replays';
import { areResultsExpired } from './job-retention';
import type { JobRow } from './jobs.queries';
import { streamEventLog, type EventWriter } from './stream-event-log';

export type StreamDeps = ReplayDeps;

/**
 * Sends a job's events from after `after` (the Last-Event-ID of a dropped connection) until its
 * `end` event, each with its id: a finished job's as one write, as kept (finished-replays.ts);
 * a running job's from the log as they come.
 */
export async function streamJobEvents(
  deps: StreamDeps,
  options: { job: JobRow; after: number; stream: EventWriter; signal: AbortSignal },
): Promise<void> {
  const { job, after, stream } = options;
  if (job.finished_at && !areResultsExpired(job)) {
    const replay = await finishedReplay(deps, job, after);
    if (replay) {
      await stream.write(replay);
      return;
    }
  }
  await streamEventLog(deps, { ...options, waits: true });
}
