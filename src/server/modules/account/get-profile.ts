import type { Kysely } from 'kysely';
import type { Profile } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import { PLAN } from '../../../shared/site';
import { fromDbBoolean, toIsoTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { getPendingCredits } from '../credits/get-pending-credits';
import { selectUserById } from './account.queries';

export async function getProfile(options: {
  db: Kysely<Database>;
  userId: string;
}): Promise<Profile> {
  const user = await selectUserById(options.db, options.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return {
    id: user.id,
    email: user.email,
    full_name: user.name,
    created_at: toIsoTimestamp(user.createdAt),
    plan: PLAN.name,
    email_verified: fromDbBoolean(user.emailVerified),
    credits_awaiting_verification: await getPendingCredits(options),
  };
}
