import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ScheduleInput } from '../../../shared/extractors';
import { AppError } from '../../../shared/errors';
import { lockedWriteTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { AddressPolicy } from '../../extraction/ingest/address-check';
import { checkKeptUrl } from '../../extraction/ingest/check-kept-url';
import { firstRunAfterSave } from './next-run';
import {
  countUserSchedules,
  deleteKeptRows,
  selectSchedule,
  upsertSchedule,
  type ScheduleRow,
} from './schedules.queries';

/** The key columns asked for, each once, all of them columns of the extractor. */
function checkKeyColumns(keys: string[], columns: ColumnDefinition[]): string[] {
  const names = new Set(columns.map((column) => column.name));
  const unknown = keys.filter((key) => !names.has(key));
  if (unknown.length > 0)
    throw new AppError('VALIDATION_FAILED', {
      details: {
        fieldErrors: {
          key_columns: [`The extractor has no column ${unknown.map((k) => `“${k}”`).join(', ')}.`],
        },
      },
    });
  return [...new Set(keys)];
}

/** Whether saving this would change nothing: same page, interval and key, and running. */
function isUnchanged(
  existing: ScheduleRow | undefined,
  change: { url: string; every: string; keyColumns: string; newCollection: boolean },
): boolean {
  return (
    existing !== undefined &&
    existing.paused_at === null &&
    !change.newCollection &&
    existing.url === change.url &&
    existing.every === change.every &&
    existing.key_columns === change.keyColumns
  );
}

/**
 * Gives an owned extractor a web page to run hourly, daily or weekly (replacing, and so resuming,
 * the one it had), with the columns that identify a row. The address must be one every fetch may
 * reach (SCHEDULE_URL_REFUSED says why not); each run checks it again. A user keeps at most
 * `maxSchedules` (SCHEDULE_LIMIT_REACHED), counted and added under a lock on the user, so
 * concurrent saves cannot pass it. `new_collection` deletes the rows collected so far.
 * Saving never runs the page, and saving what is already saved changes nothing: the next run is
 * one interval after the last run, or after the schedule was first set when it never ran
 * (runScheduleNow runs it at once).
 */
export async function setSchedule(options: {
  db: Kysely<Database>;
  userId: string;
  extractor: { id: string; columns: ColumnDefinition[] };
  input: ScheduleInput;
  maxSchedules: number;
  isAllowedAddress: AddressPolicy;
  now?: Date;
}): Promise<void> {
  const { db, userId, extractor, input } = options;
  const url = await checkKeptUrl(input.url, options.isAllowedAddress, 'SCHEDULE_URL_REFUSED');
  const now = options.now ?? new Date();
  await lockedWriteTransaction(db, `schedules:${userId}`, async (trx) => {
    const existing = await selectSchedule(trx, extractor.id);
    const keyColumns = JSON.stringify(
      input.key_columns === undefined
        ? JSON.parse(existing?.key_columns ?? '[]')
        : checkKeyColumns(input.key_columns, extractor.columns),
    );
    const newCollection = input.new_collection === true;
    if (isUnchanged(existing, { url, every: input.every, keyColumns, newCollection })) return;
    if (!existing && (await countUserSchedules(trx, userId)) >= options.maxSchedules)
      throw new AppError('SCHEDULE_LIMIT_REACHED', { params: { limit: options.maxSchedules } });
    if (newCollection) await deleteKeptRows(trx, extractor.id);
    await upsertSchedule(trx, {
      extractor_id: extractor.id,
      user_id: userId,
      url,
      every: input.every,
      key_columns: keyColumns,
      next_run_at: firstRunAfterSave(input.every, existing ?? null, now).toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  });
}
