import { appUrl } from '../auth/app-url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import type { ReadPool } from '../extraction/read/pool/read-pool';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { startReplies } from '../modules/inbox/send-replies';
import type { FileStorage } from '../storage/file-storage';
import { createMailer } from './index';
import { startSmtpReceiver } from './smtp-receiver';

export type RunningInbox = { port: number; stop: () => Promise<void> };

/**
 * Mail in, for `rowsmith serve` with INBOUND_SMTP_PORT: the SMTP receiver, and (with SMTP_URL)
 * the replies to senders, sent from this same process. Workers need nothing of it: a mail
 * becomes an ordinary job before it is accepted.
 */
export async function startInbox(options: {
  env: Env;
  db: Kysely<Database>;
  logger: Logger;
  storage: FileStorage;
  queue: JobQueue;
  readPool: ReadPool;
}): Promise<RunningInbox> {
  const { env, logger, readPool, ...deps } = options;
  const mailer = createMailer(env, logger);
  const canReply = mailer.driver === 'smtp';
  const receiver = await startSmtpReceiver({
    port: env.INBOUND_SMTP_PORT ?? 0,
    host: env.INBOUND_SMTP_HOST ?? env.HOST,
    domain: env.INBOUND_EMAIL_DOMAIN,
    maxBytes: env.INBOUND_MAX_MB * 1024 * 1024,
    maxConcurrent: env.INBOUND_MAX_CONCURRENT,
    rateLimit: {
      limit: env.INBOUND_RATE_LIMIT,
      perSender: env.INBOUND_SENDER_RATE_LIMIT,
      windowSeconds: env.INBOUND_RATE_WINDOW_SECONDS,
    },
    deps: { ...deps, env, logger, canReply },
    readPool,
    logger,
  });
  const stopReplies = canReply
    ? startReplies({
        db: options.db,
        logger,
        mailer,
        reviewThreshold: env.REVIEW_THRESHOLD,
        appUrl: appUrl(env),
      })
    : null;
  return {
    port: receiver.port,
    stop: async () => {
      await receiver.close();
      await stopReplies?.();
    },
  };
}
