import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { JobEvent } from '../../../shared/jobs';
import type { Database } from '../../db/schema';

/**
 * A job's event log: every event is a row, so a stream can be resumed from any event
 * (Last-Event-ID) on any server. Writers in this process also wake the streams that wait here;
 * events written by other processes are found by polling.
 */
const wakeUps = new EventEmitter();
wakeUps.setMaxListeners(0);

type StatusEvent = Extract<JobEvent, { type: 'status' }>;

/**
 * A `document` event names its document; its rows are added when it is sent. A `status` event's
 * review summary, and an `end` event's job, are those of when it is sent (corrections change them).
 */
export type StoredJobEvent =
  | Exclude<JobEvent, { type: 'document' | 'status' }>
  | Omit<StatusEvent, 'review'>
  | { type: 'document'; document_id: string };

/** Writes an event; inside a transaction, announce it once the transaction is committed. */
export async function insertJobEvent(
  db: Kysely<Database>,
  jobId: string,
  event: StoredJobEvent,
): Promise<void> {
  await db
    .insertInto('job_events')
    .values({
      job_id: jobId,
      type: event.type,
      data: JSON.stringify(event),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function appendJobEvent(
  db: Kysely<Database>,
  jobId: string,
  event: StoredJobEvent,
): Promise<void> {
  await insertJobEvent(db, jobId, event);
  wakeUps.emit(jobId);
}

export async function listJobEvents(
  db: Kysely<Database>,
  jobId: string,
  afterId: number,
  limit = 200,
): Promise<{ id: number; event: StoredJobEvent }[]> {
  const rows = await db
    .selectFrom('job_events')
    .select(['id', 'data'])
    .where('job_id', '=', jobId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), event: JSON.parse(row.data) as StoredJobEvent }));
}

/** Resolves when an event for the job is written in this process, or after `ms`. */
export function waitForJobEvent(jobId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakeUps.off(jobId, done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakeUps.once(jobId, done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Wakes the streams of a job after events were written inside a transaction. */
export function announceJobEvents(jobId: string): void {
  wakeUps.emit(jobId);
}
