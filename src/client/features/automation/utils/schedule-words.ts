import type { ExtractorSchedule, ScheduleRun } from '../../../../shared/extractors';
import { formatDateTime } from '../../../lib/format-date';

/** A run due within this long reads as starting now (the server's clock may be a little ahead). */
const NOW_MS = 60_000;

/**
 * When an active schedule runs, after "Runs every hour": "; first run starting now" when its time
 * has come (a shorter interval saved), "; a run is under way, the next one 12 Mar 2026, 14:05"
 * while one runs, else "; next run 12 Mar 2026, 14:05".
 */
export function nextRunWords(
  schedule: Pick<ExtractorSchedule, 'next_run_at' | 'last_run_at' | 'is_running'>,
  now = Date.now(),
  locale?: string,
): string {
  const next = schedule.next_run_at;
  if (!next) return '';
  if (Date.parse(next) - now < NOW_MS)
    return `; ${schedule.last_run_at ? 'next' : 'first'} run starting now`;
  const when = formatDateTime(next, locale);
  return schedule.is_running ? `; a run is under way, the next one ${when}` : `; next run ${when}`;
}

/**
 * The answer to Run now: the run started, or the run was recorded as failed at once (no credits
 * left), in the job's own words.
 */
export function runNowWords(run: Pick<ScheduleRun, 'job'>): string {
  const { job } = run;
  if (job?.status === 'failed') {
    const message = job.documents.find((document) => document.message)?.message;
    return `The run could not start: ${message ?? 'it failed.'}`;
  }
  return 'Run started: the page is being read now. Its new rows show here when the run ends.';
}
