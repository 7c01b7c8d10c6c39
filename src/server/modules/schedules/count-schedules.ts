import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countUserSchedules } from './schedules.queries';

/** How many scheduled pages the user keeps (SCHEDULES_PER_USER caps it). */
export function countSchedules(db: Kysely<Database>, userId: string): Promise<number> {
  return countUserSchedules(db, userId);
}
