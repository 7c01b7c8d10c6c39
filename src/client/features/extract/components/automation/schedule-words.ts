import type { ExtractorSchedule } from '../../../../../shared/extractors';
import { formatDateTime } from '../../../../lib/format-date';

/** A run due within this long reads as starting now (the server's clock may be a little ahead). */
const NOW_MS = 60_000;

/**
 * When an active schedule runs, after "Runs every hour": "; first run starting now" right after
 * Save, "; a run is under way, the next one 12 Mar 2026, 14:05" while one runs, else "; next
 * run 12 Mar 2026, 14:05".
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
