import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ExtractorSchedulesTable, ScheduleRowsTable } from '../../db/schema';
import { isNotHeldForReview } from '../jobs/review-hold';

type Db = Kysely<Database>;
export type ScheduleRow = Selectable<ExtractorSchedulesTable>;

/** The schedules, each with whether its last run's job is still going. */
export async function selectSchedules(
  db: Db,
  extractorIds: string[],
): Promise<(ScheduleRow & { is_running: boolean })[]> {
  if (extractorIds.length === 0) return [];
  const rows = await db
    .selectFrom('extractor_schedules')
    .leftJoin('jobs', 'jobs.id', 'extractor_schedules.last_job_id')
    .selectAll('extractor_schedules')
    .select(['jobs.id as job_id', 'jobs.finished_at as job_finished_at'])
    .where('extractor_schedules.extractor_id', 'in', extractorIds)
    .execute();
  return rows.map(({ job_id, job_finished_at, ...row }) => ({
    ...row,
    is_running: job_id !== null && job_finished_at === null,
  }));
}

export async function selectSchedule(db: Db, extractorId: string) {
  return db
    .selectFrom('extractor_schedules')
    .selectAll()
    .where('extractor_id', '=', extractorId)
    .executeTakeFirst();
}

/**
 * The collected rows as their owner sees them: not those written by a job whose deliveries are
 * held for review (they join once its flagged values are accepted or corrected).
 */
function keptRows(db: Db) {
  return db
    .selectFrom('schedule_rows')
    .leftJoin('jobs', 'jobs.id', 'schedule_rows.job_id')
    .where((eb) => eb.or([eb('jobs.id', 'is', null), isNotHeldForReview(eb as never)]));
}

/** How many rows each schedule has kept. */
export async function countRows(db: Db, extractorIds: string[]): Promise<Map<string, number>> {
  if (extractorIds.length === 0) return new Map();
  const rows = await keptRows(db)
    .select(['schedule_rows.extractor_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('schedule_rows.extractor_id', 'in', extractorIds)
    .groupBy('schedule_rows.extractor_id')
    .execute();
  return new Map(rows.map((row) => [row.extractor_id, Number(row.count)]));
}

/** How many rows each schedule found in runs still held for review (not kept yet). */
export async function countHeldRows(db: Db, extractorIds: string[]): Promise<Map<string, number>> {
  if (extractorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('schedule_rows')
    .innerJoin('jobs', 'jobs.id', 'schedule_rows.job_id')
    .select(['schedule_rows.extractor_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('schedule_rows.extractor_id', 'in', extractorIds)
    .where((eb) => eb.not(isNotHeldForReview(eb as never)))
    .groupBy('schedule_rows.extractor_id')
    .execute();
  return new Map(rows.map((row) => [row.extractor_id, Number(row.count)]));
}

export async function countUserSchedules(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('extractor_schedules')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Sets (or replaces, and so resumes) an extractor's schedule. */
export async function upsertSchedule(db: Db, row: Insertable<ExtractorSchedulesTable>) {
  await db
    .insertInto('extractor_schedules')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('extractor_id').doUpdateSet({
        url: row.url,
        every: row.every,
        key_columns: row.key_columns,
        next_run_at: row.next_run_at,
        failures: 0,
        paused_at: null,
        pause_reason: null,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteSchedule(db: Db, extractorId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('extractor_schedules')
    .where('extractor_id', '=', extractorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Active schedules whose time has come, earliest first. */
export async function selectDueSchedules(db: Db, now: string, limit: number) {
  return db
    .selectFrom('extractor_schedules')
    .selectAll()
    .where('paused_at', 'is', null)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .execute();
}

/**
 * Takes one run of a schedule: moves its next run on, only if no other process did first (the
 * time it was due is the claim). Answers whether this process won the run.
 */
export async function claimRun(
  db: Db,
  schedule: { extractor_id: string; next_run_at: string },
  next: { next_run_at: string; last_run_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('extractor_schedules')
    .set(next)
    .where('extractor_id', '=', schedule.extractor_id)
    .where('next_run_at', '=', schedule.next_run_at)
    .where('paused_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes a run asked for now: moves the schedule's last run to now and its next one on, only if it
 * last ran before `notSince` (or never). Answers whether the run was taken.
 */
export async function claimRunNow(
  db: Db,
  extractorId: string,
  run: { last_run_at: string; next_run_at: string; notSince: string },
): Promise<boolean> {
  const result = await db
    .updateTable('extractor_schedules')
    .set({ last_run_at: run.last_run_at, next_run_at: run.next_run_at })
    .where('extractor_id', '=', extractorId)
    .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<=', run.notSince)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setLastJob(db: Db, extractorId: string, jobId: string): Promise<void> {
  await db
    .updateTable('extractor_schedules')
    .set({ last_job_id: jobId })
    .where('extractor_id', '=', extractorId)
    .execute();
}

/** Schedules whose last run has ended but was not counted yet, with how it ended. */
export async function selectEndedRuns(db: Db, limit: number) {
  return db
    .selectFrom('extractor_schedules')
    .innerJoin('jobs', 'jobs.id', 'extractor_schedules.last_job_id')
    .select([
      'extractor_schedules.extractor_id',
      'extractor_schedules.last_job_id',
      'extractor_schedules.failures',
      'extractor_schedules.paused_at',
      'jobs.status',
    ])
    .where('jobs.finished_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('extractor_schedules.counted_job_id', 'is', null),
        eb('extractor_schedules.counted_job_id', '!=', eb.ref('extractor_schedules.last_job_id')),
      ]),
    )
    .limit(limit)
    .execute();
}

/** Why a job's document failed, in its own words. */
export async function selectFailureMessage(db: Db, jobId: string): Promise<string | null> {
  const row = await db
    .selectFrom('job_documents')
    .select('message')
    .where('job_id', '=', jobId)
    .where('message', 'is not', null)
    .orderBy('position')
    .executeTakeFirst();
  return row?.message ?? null;
}

/**
 * Counts a run's outcome once: a success clears the failures, a failure adds one and, at
 * `pause` (when given), pauses the schedule with its reason. Answers whether this process counted it.
 */
export async function countRun(
  db: Db,
  run: { extractor_id: string; job_id: string; failures: number },
  pause: { paused_at: string; pause_reason: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('extractor_schedules')
    .set({ counted_job_id: run.job_id, failures: run.failures, ...(pause ?? {}) })
    .where('extractor_id', '=', run.extractor_id)
    .where('last_job_id', '=', run.job_id)
    .where((eb) =>
      eb.or([eb('counted_job_id', 'is', null), eb('counted_job_id', '!=', run.job_id)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Of these row hashes, the ones the schedule has kept already. */
export async function selectSeenHashes(
  db: Db,
  extractorId: string,
  hashes: string[],
): Promise<Set<string>> {
  const seen = new Set<string>();
  // Bounded batches: a page can hold thousands of rows, and SQLite limits bound parameters.
  for (let start = 0; start < hashes.length; start += 500) {
    const rows = await db
      .selectFrom('schedule_rows')
      .select('row_hash')
      .where('extractor_id', '=', extractorId)
      .where('row_hash', 'in', hashes.slice(start, start + 500))
      .execute();
    for (const row of rows) seen.add(row.row_hash);
  }
  return seen;
}

export async function nextRowPosition(db: Db, extractorId: string): Promise<number> {
  const row = await db
    .selectFrom('schedule_rows')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('extractor_id', '=', extractorId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function insertRows(db: Db, rows: Insertable<ScheduleRowsTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 100)
    await db
      .insertInto('schedule_rows')
      .values(rows.slice(start, start + 100))
      .execute();
}

export async function selectKeptRows(db: Db, extractorId: string) {
  return keptRows(db)
    .select(['schedule_rows.row', 'schedule_rows.seen_at'])
    .where('schedule_rows.extractor_id', '=', extractorId)
    .orderBy('schedule_rows.position')
    .execute();
}

/** Of these key hashes, the collected rows that have them, by key hash. */
export async function selectKeptByKey(
  db: Db,
  extractorId: string,
  keyHashes: string[],
): Promise<Map<string, { id: string }>> {
  const byKey = new Map<string, { id: string }>();
  for (let start = 0; start < keyHashes.length; start += 500) {
    const rows = await db
      .selectFrom('schedule_rows')
      .select(['id', 'key_hash'])
      .where('extractor_id', '=', extractorId)
      .where('key_hash', 'in', keyHashes.slice(start, start + 500))
      .orderBy('position')
      .execute();
    for (const row of rows) if (!byKey.has(row.key_hash!)) byKey.set(row.key_hash!, { id: row.id });
  }
  return byKey;
}

/** A collected row takes a later run's values, in its place. */
export async function replaceKeptRow(
  db: Db,
  id: string,
  values: Pick<ScheduleRowsTable, 'row_hash' | 'row' | 'job_id' | 'job_row'>,
): Promise<void> {
  await db.updateTable('schedule_rows').set(values).where('id', '=', id).execute();
}

/** Starts a schedule's collection again. */
export async function deleteKeptRows(db: Db, extractorId: string): Promise<void> {
  await db.deleteFrom('schedule_rows').where('extractor_id', '=', extractorId).execute();
}

/** The collected rows a job last wrote, at these indexes of its result. */
export async function selectJobKeptRows(db: Db, jobId: string, jobRows: number[]) {
  if (jobRows.length === 0) return [];
  return db
    .selectFrom('schedule_rows')
    .select(['id', 'row', 'job_row'])
    .where('job_id', '=', jobId)
    .where('job_row', 'in', jobRows)
    .execute();
}

export async function setKeptRowValues(db: Db, id: string, row: string): Promise<void> {
  await db.updateTable('schedule_rows').set({ row }).where('id', '=', id).execute();
}
