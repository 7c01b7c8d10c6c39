import type { Job } from '../../../shared/jobs';
import { findSavedExtractor } from '../extractors/find-saved-extractor';
import { startAutomaticJob, type AutomaticJobDeps } from '../jobs/start-automatic-job';
import { setLastJob, type ScheduleRow } from './schedules.queries';

/**
 * Starts one run of a schedule already claimed (by its time, or by Run now): a job of the
 * extractor on the page, paid like any other, remembered as the schedule's last run. Null when
 * the extractor or its owner is gone.
 */
export async function startScheduledRun(
  deps: AutomaticJobDeps,
  schedule: Pick<ScheduleRow, 'extractor_id' | 'user_id' | 'url'>,
): Promise<Job | null> {
  const extractor = await findSavedExtractor({
    db: deps.db,
    userId: schedule.user_id,
    id: schedule.extractor_id,
  });
  if (!extractor) return null;
  const job = await startAutomaticJob(deps, {
    userId: schedule.user_id,
    // Without credits a run fails; the next one reads the page afresh.
    waitForCredits: false,
    job: {
      columns: extractor.columns,
      fields: extractor.fields,
      rules: extractor.rules,
      description: extractor.description ?? undefined,
      template: extractor.id,
      inputs: [{ kind: 'url', url: schedule.url }],
      webhookUrl: extractor.webhook_url ?? undefined,
      automatic: {
        extractorId: extractor.id,
        origin: { kind: 'schedule', extractor_id: extractor.id, url: schedule.url },
        reply: null,
        holdForReview: extractor.hold_for_review,
      },
    },
  });
  if (job) await setLastJob(deps.db, extractor.id, job.id);
  return job;
}
