import type { Job } from '../../../shared/jobs';
import type { ScheduleInterval } from '../../../shared/extractors';
import { AppError } from '../../../shared/errors';
import { INTERVAL_MS } from './next-run';
import type { ScheduleDeps } from './run-due-schedules';
import { claimRunNow, selectSchedule } from './schedules.queries';
import { startScheduledRun } from './start-scheduled-run';

/** A schedule runs at most once in this long, however it is asked to. */
export const RUN_NOW_GAP_MS = 60_000;

/**
 * Runs an owned extractor's schedule at once, when its owner asks (the page is read and charged
 * as on any run); the next run is then one interval from now. A page read less than a minute ago,
 * by its schedule or by a click, is not read again: SCHEDULE_RUN_TOO_SOON, with when to retry.
 * NOT_FOUND when the extractor has no schedule.
 */
export async function runScheduleNow(
  deps: Pick<ScheduleDeps, 'env' | 'db' | 'logger' | 'storage' | 'queue' | 'now'>,
  extractorId: string,
): Promise<Job | null> {
  const { db } = deps;
  const schedule = await selectSchedule(db, extractorId);
  if (!schedule) throw new AppError('NOT_FOUND');
  const now = deps.now();
  const isOurs = await claimRunNow(db, extractorId, {
    last_run_at: now.toISOString(),
    next_run_at: new Date(
      now.getTime() + INTERVAL_MS[schedule.every as ScheduleInterval],
    ).toISOString(),
    notSince: new Date(now.getTime() - RUN_NOW_GAP_MS).toISOString(),
  });
  if (!isOurs) {
    const ran = (await selectSchedule(db, extractorId))?.last_run_at;
    const waitMs = ran ? Date.parse(ran) + RUN_NOW_GAP_MS - now.getTime() : RUN_NOW_GAP_MS;
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError('SCHEDULE_RUN_TOO_SOON', {
      params: { retryAfterSeconds },
      retryAfterSeconds,
    });
  }
  return startScheduledRun(deps, schedule);
}
