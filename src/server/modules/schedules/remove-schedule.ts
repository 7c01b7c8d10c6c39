import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteSchedule } from './schedules.queries';

/** Stops an extractor's schedule; the rows it found are kept with the extractor. */
export async function removeSchedule(options: {
  db: Kysely<Database>;
  extractorId: string;
}): Promise<boolean> {
  return deleteSchedule(options.db, options.extractorId);
}
