import type { ParsedMail } from 'mailparser';

function header(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/**
 * Where an automatic reply to this mail may go: its envelope sender (RFC 3834), unless the mail
 * has none (a bounce), was sent by a machine (Auto-Submitted, a list, bulk mail) or comes from
 * a mailer daemon; answering those makes mail loops.
 */
export function replyAddressOf(mail: ParsedMail, envelopeFrom: string | null): string | null {
  if (!envelopeFrom || !envelopeFrom.includes('@')) return null;
  const autoSubmitted = header(mail, 'auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return null;
  if (/^(bulk|list|junk)$/.test(header(mail, 'precedence'))) return null;
  if (mail.headers.has('list-id')) return null;
  if (/^(mailer-daemon|postmaster|no-?reply)@/i.test(envelopeFrom)) return null;
  return envelopeFrom;
}
