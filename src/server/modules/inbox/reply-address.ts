import type { ReadMail } from './read-mail';

/**
 * Where an automatic reply to this mail may go: its envelope sender (RFC 3834), unless the mail
 * has none (a bounce), was sent by a machine (Auto-Submitted, a list, bulk mail) or comes from
 * a mailer daemon; answering those makes mail loops.
 */
export function replyAddressOf(mail: ReadMail, envelopeFrom: string | null): string | null {
  if (!envelopeFrom || !envelopeFrom.includes('@')) return null;
  if (mail.isSentByMachine) return null;
  if (/^(mailer-daemon|postmaster|no-?reply)@/i.test(envelopeFrom)) return null;
  return envelopeFrom;
}
