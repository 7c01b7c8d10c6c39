import type { AutomaticJobDeps } from '../jobs/start-automatic-job';
import type { ScheduleInterval } from '../../../shared/extractors';
import { nextRunAfter } from './next-run';
import {
  claimRun,
  countRun,
  selectDueSchedules,
  selectEndedRuns,
  selectFailureMessage,
} from './schedules.queries';
import { startScheduledRun } from './start-scheduled-run';

export type ScheduleDeps = AutomaticJobDeps & {
  /** The clock schedules are due by (tests move it). */
  now: () => Date;
  /** Failed runs in a row after which a schedule pauses itself. */
  maxFailures: number;
};

/** Counts the outcome of each run that ended since the last look; pauses what failed too often. */
async function countEndedRuns(deps: ScheduleDeps): Promise<void> {
  const { db } = deps;
  for (const run of await selectEndedRuns(db, 50)) {
    const jobId = run.last_job_id!;
    const isSuccess = run.status === 'succeeded';
    const failures = isSuccess ? 0 : Number(run.failures) + 1;
    const isPausing = !isSuccess && failures >= deps.maxFailures && run.paused_at === null;
    const message = isPausing ? await selectFailureMessage(db, jobId) : null;
    const pause = isPausing
      ? {
          paused_at: deps.now().toISOString(),
          pause_reason: `Paused after ${failures} failed runs in a row. The last one said: ${message ?? 'it failed.'}`,
        }
      : null;
    await countRun(db, { extractor_id: run.extractor_id, job_id: jobId, failures }, pause);
  }
}

/**
 * One look at the schedules, whatever called it (pg-boss's cron on PostgreSQL, the server's
 * timer on SQLite): counts the runs that ended, then starts a job for each schedule that is
 * due. A run is claimed by moving the schedule's next time on, so two processes looking at
 * once start it once. Answers the jobs started.
 */
export async function runDueSchedules(deps: ScheduleDeps): Promise<string[]> {
  const { db, logger } = deps;
  await countEndedRuns(deps);
  const now = deps.now();
  const started: string[] = [];
  for (const schedule of await selectDueSchedules(db, now.toISOString(), 20)) {
    const every = schedule.every as ScheduleInterval;
    const next = nextRunAfter(every, new Date(schedule.next_run_at), now);
    const isOurs = await claimRun(db, schedule, {
      next_run_at: next.toISOString(),
      last_run_at: now.toISOString(),
    });
    if (!isOurs) continue;
    try {
      const job = await startScheduledRun(deps, schedule);
      if (job) started.push(job.id);
    } catch (error) {
      logger.error({ err: error, extractorId: schedule.extractor_id }, 'scheduled run failed');
    }
  }
  return started;
}
