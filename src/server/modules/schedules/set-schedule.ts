import type { Kysely } from 'kysely';
import type { ScheduleInput } from '../../../shared/extractors';
import { AppError } from '../../../shared/errors';
import { lockedWriteTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { AddressPolicy } from '../../extraction/ingest/address-check';
import { checkKeptUrl } from '../../extraction/ingest/check-kept-url';
import { firstRunAfterSave } from './next-run';
import { countUserSchedules, selectSchedule, upsertSchedule } from './schedules.queries';

/**
 * Gives an owned extractor a web page to run hourly, daily or weekly (replacing, and so resuming,
 * the one it had). The address must be one every fetch may reach (SCHEDULE_URL_REFUSED says why
 * not); each run checks it again. A user keeps at most `maxSchedules` (SCHEDULE_LIMIT_REACHED),
 * counted and added under a lock on the user, so concurrent saves cannot pass it.
 * Saving never runs the page: the next run is one interval after the last run, or after the
 * schedule was first set when it never ran (runScheduleNow runs it at once).
 */
export async function setSchedule(options: {
  db: Kysely<Database>;
  userId: string;
  extractorId: string;
  input: ScheduleInput;
  maxSchedules: number;
  isAllowedAddress: AddressPolicy;
  now?: Date;
}): Promise<void> {
  const { db, userId, extractorId, input } = options;
  const url = await checkKeptUrl(input.url, options.isAllowedAddress, 'SCHEDULE_URL_REFUSED');
  const now = options.now ?? new Date();
  await lockedWriteTransaction(db, `schedules:${userId}`, async (trx) => {
    const existing = await selectSchedule(trx, extractorId);
    if (!existing && (await countUserSchedules(trx, userId)) >= options.maxSchedules)
      throw new AppError('SCHEDULE_LIMIT_REACHED', { params: { limit: options.maxSchedules } });
    await upsertSchedule(trx, {
      extractor_id: extractorId,
      user_id: userId,
      url,
      every: input.every,
      next_run_at: firstRunAfterSave(input.every, existing ?? null, now).toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  });
}
