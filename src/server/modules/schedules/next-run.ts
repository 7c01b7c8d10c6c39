import type { ScheduleInterval } from '../../../shared/extractors';

const HOUR_MS = 3600_000;

export const INTERVAL_MS: Record<ScheduleInterval, number> = {
  hourly: HOUR_MS,
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
};

/**
 * When a schedule that was due at `dueAt` runs next: one interval later, in step with its first
 * run, and always after `now` (a server that was stopped for three days runs a daily page once,
 * not three times).
 */
export function nextRunAfter(every: ScheduleInterval, dueAt: Date, now: Date): Date {
  const step = INTERVAL_MS[every];
  const missed = Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / step));
  return new Date(dueAt.getTime() + (missed + 1) * step);
}

/**
 * When a schedule just saved runs next: one interval after its last run, or after it was first
 * set when it never ran. Saving again (another address or interval) does not move the clock to
 * now; a time already past is due at the next look.
 */
export function firstRunAfterSave(
  every: ScheduleInterval,
  existing: { last_run_at: string | null; created_at: string } | null,
  now: Date,
): Date {
  const since = existing ? Date.parse(existing.last_run_at ?? existing.created_at) : now.getTime();
  return new Date(since + INTERVAL_MS[every]);
}
