import type { Kysely } from 'kysely';
import type { ExtractorSchedule, ScheduleInterval } from '../../../shared/extractors';
import type { Database } from '../../db/schema';
import { countHeldRows, countRows, selectSchedules, type ScheduleRow } from './schedules.queries';

function toSchedule(
  row: ScheduleRow & { is_running: boolean },
  rows: number,
  held: number,
): ExtractorSchedule {
  const isPaused = row.paused_at !== null;
  return {
    url: row.url,
    every: row.every as ScheduleInterval,
    status: isPaused ? 'paused' : 'active',
    next_run_at: isPaused ? null : row.next_run_at,
    last_run_at: row.last_run_at,
    last_job_id: row.last_job_id,
    is_running: row.is_running,
    failures: Number(row.failures),
    paused_reason: row.pause_reason,
    key_columns: JSON.parse(row.key_columns) as string[],
    rows,
    rows_waiting_for_review: held,
  };
}

/**
 * The schedules of these extractors, by extractor id (those without one are left out), and how
 * many rows each has collected (kept after its schedule is removed) and holds for review.
 */
export async function getSchedules(
  db: Kysely<Database>,
  extractorIds: string[],
): Promise<{ schedules: Map<string, ExtractorSchedule>; collected: Map<string, number> }> {
  const [schedules, collected, held] = await Promise.all([
    selectSchedules(db, extractorIds),
    countRows(db, extractorIds),
    countHeldRows(db, extractorIds),
  ]);
  return {
    schedules: new Map(
      schedules.map((row) => [
        row.extractor_id,
        toSchedule(row, collected.get(row.extractor_id) ?? 0, held.get(row.extractor_id) ?? 0),
      ]),
    ),
    collected,
  };
}
