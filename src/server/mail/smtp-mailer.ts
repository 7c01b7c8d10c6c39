import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Mail through an SMTP server given as smtp://user:password@host:port (or smtps://). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    driver: 'smtp',
    send: async (message: MailMessage) => {
      const attachments = message.attachments?.map((attachment) => ({
        ...attachment,
        content: Buffer.from(attachment.content),
      }));
      await transport.sendMail({ from, ...message, attachments });
    },
  };
}
