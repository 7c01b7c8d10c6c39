import { isSenderAllowed } from '../../../shared/inbox-senders';
import type { InboxExtractor } from '../extractors/find-inbox-extractor';
import type { ReadMail } from './read-mail';

function policyOf(extractor: InboxExtractor) {
  return {
    ownerEmail: extractor.owner_email,
    senders: extractor.inbox_senders,
    isOpen: extractor.inbox_is_open,
  };
}

/** Whether the inbox's owner does not allow the envelope sender (MAIL FROM) to mail it. */
export function refusesEnvelopeSender(extractor: InboxExtractor, address: string | null): boolean {
  return !isSenderAllowed(policyOf(extractor), address);
}

/**
 * The From header address the inbox does not allow, if any: every address the header names
 * must be allowed, and a mail without one is refused ('' is answered), unless the inbox is open.
 */
export function refusedFromHeader(extractor: InboxExtractor, mail: ReadMail): string | null {
  const policy = policyOf(extractor);
  if (policy.isOpen) return null;
  const addresses = mail.fromAddresses;
  if (addresses.length === 0) return '';
  return addresses.find((address) => !isSenderAllowed(policy, address)) ?? null;
}
