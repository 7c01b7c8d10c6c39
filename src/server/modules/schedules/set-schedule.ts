import type { Kysely } from 'kysely';
import type { ScheduleInput } from '../../../shared/extractors';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import type { AddressPolicy } from '../../extraction/ingest/address-check';
import { checkKeptUrl } from '../../extraction/ingest/check-kept-url';
import { countUserSchedules, selectSchedule, upsertSchedule } from './schedules.queries';

/**
 * Gives an owned extractor a web page to run hourly, daily or weekly (replacing, and so resuming,
 * the one it had). The address must be one every fetch may reach (SCHEDULE_URL_REFUSED says why
 * not); each run checks it again. A user keeps at most `maxSchedules` (SCHEDULE_LIMIT_REACHED).
 * The first run is due at once.
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
  const { db, userId, extractorId } = options;
  const url = await checkKeptUrl(
    options.input.url,
    options.isAllowedAddress,
    'SCHEDULE_URL_REFUSED',
  );
  const existing = await selectSchedule(db, extractorId);
  if (!existing && (await countUserSchedules(db, userId)) >= options.maxSchedules)
    throw new AppError('SCHEDULE_LIMIT_REACHED', { params: { limit: options.maxSchedules } });
  const now = (options.now ?? new Date()).toISOString();
  await upsertSchedule(db, {
    extractor_id: extractorId,
    user_id: userId,
    url,
    every: options.input.every,
    next_run_at: now,
    created_at: now,
    updated_at: now,
  });
}
