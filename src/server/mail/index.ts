import type { Env } from '../env';
import type { Logger } from '../logger';
import { createLogMailer } from './log-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

export function createMailer(env: Env, logger: Logger): Mailer {
  return env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : createLogMailer(logger);
}
