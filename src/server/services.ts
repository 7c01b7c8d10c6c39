import type { Kysely } from 'kysely';
import { resolveAuthSecret } from './auth/auth-secret';
import { createAuth } from './auth/create-auth';
import type { Dialect } from './db/client';
import type { Database } from './db/schema';
import type { Env } from './env';
import type { Logger } from './logger';
import { createMailer } from './mail/index';
import { openCreditAccount } from './modules/credits/open-credit-account';
import { createFileStorage } from './storage/index';

/** The account services the app is built with: auth, stored-result storage, the signing secret. */
export function createAccountServices(options: {
  env: Env;
  logger: Logger;
  db: Kysely<Database>;
  dialect: Dialect;
}) {
  const { env, logger, db, dialect } = options;
  const secret = resolveAuthSecret(env);
  const storage = createFileStorage(env);
  const auth = createAuth({
    env,
    db,
    dialect,
    secret,
    logger,
    mailer: createMailer(env, logger),
    onUserCreated: (userId) => openCreditAccount({ db, userId, signupCredits: env.SIGNUP_CREDITS }),
  });
  return { secret, storage, auth };
}
