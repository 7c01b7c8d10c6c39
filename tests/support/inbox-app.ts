import nodemailer, { type SendMailOptions } from 'nodemailer';
import { createTestApp, type TestApp } from './create-test-app';
import type { TestDatabase } from './test-databases';

/** What the receiver answered a mail it took. */
export type SentMail = { accepted: string[]; response: string; messageId: string };

/**
 * A test app whose mail receiver listens on a free local port for `domain`, with accounts that
 * need no mailed link and 10 credits, and `settings` beside; `send` speaks SMTP to it as a mail
 * client does.
 */
export async function startInboxApp(
  database: TestDatabase,
  domain: string,
  settings: Record<string, string> = {},
): Promise<{ app: TestApp; send: (message: SendMailOptions) => Promise<SentMail> }> {
  const app = await createTestApp(database, {
    INBOUND_SMTP_PORT: '0',
    INBOUND_SMTP_HOST: '127.0.0.1',
    INBOUND_EMAIL_DOMAIN: domain,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    SIGNUP_CREDITS: '10',
    ...settings,
  });
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: app.smtpPort!,
    secure: false,
    ignoreTLS: true,
  });
  return { app, send: (message) => transport.sendMail(message) };
}
