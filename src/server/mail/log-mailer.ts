import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

/**
 * Without SMTP, mail is written to the server log (level warn, so it stands out) for the operator
 * to pass on: a self-hosted install can still reset a password.
 */
export function createLogMailer(logger: Logger): Mailer {
  return {
    driver: 'log',
    send: (message: MailMessage) => {
      const { attachments, ...rest } = message;
      const files = attachments?.map((attachment) => attachment.filename);
      logger.warn({ mail: { ...rest, files } }, `mail not sent (no SMTP_URL): ${message.subject}`);
      return Promise.resolve();
    },
  };
}
