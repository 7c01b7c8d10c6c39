import { z } from 'zod';

/** An inbox may allow this many senders and domains. */
export const MAX_INBOX_SENDERS = 50;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;

/**
 * One allowed sender as the owner writes it, in the form it is kept: an address
 * (`ada@example.com`) or a whole domain (`@example.com`, also written `example.com`). Mail is
 * case-blind, so entries are kept in lower case.
 */
export function inboxSenderEntryOf(text: string): string | null {
  const entry = text.trim().toLowerCase();
  const at = entry.lastIndexOf('@');
  if (at < 0) return DOMAIN.test(entry) ? `@${entry}` : null;
  const local = entry.slice(0, at);
  const domain = entry.slice(at + 1);
  if (!DOMAIN.test(domain)) return null;
  if (at === 0) return entry;
  return LOCAL_PART.test(local) ? entry : null;
}

/** PUT /api/extractors/{id}/automation's `inbox_senders`: checked, in lower case, each once. */
export const inboxSendersSchema = z
  .array(z.string().max(320, 'Use at most 320 characters for a sender.'))
  .max(MAX_INBOX_SENDERS, `Allow at most ${MAX_INBOX_SENDERS} senders and domains.`)
  .transform((texts, context) => {
    const entries: string[] = [];
    for (const text of texts) {
      const entry = inboxSenderEntryOf(text);
      if (entry === null)
        context.addIssue({
          code: 'custom',
          message: `“${text}” is neither an email address nor a domain (ada@example.com, @example.com).`,
        });
      else if (!entries.includes(entry)) entries.push(entry);
    }
    return entries;
  });

/**
 * Whether a sender's address may mail an inbox: the owner's own address, an allowed address, or
 * an address at an allowed domain (that domain exactly, not its subdomains). An open inbox takes
 * anyone, and mail without a sender (a bounce) only then.
 */
export function isSenderAllowed(
  inbox: { ownerEmail: string; senders: readonly string[]; isOpen: boolean },
  address: string | null,
): boolean {
  if (inbox.isOpen) return true;
  if (!address) return false;
  const sender = address.trim().toLowerCase();
  const at = sender.lastIndexOf('@');
  if (at <= 0) return false;
  if (sender === inbox.ownerEmail.trim().toLowerCase()) return true;
  return inbox.senders.includes(sender) || inbox.senders.includes(sender.slice(at));
}
