/** An extractor's inbox address: its token at the inbox domain. */
export function inboxAddress(token: string, domain: string): string {
  return `${token}@${domain}`;
}

/**
 * The inbox token an envelope recipient names, or null when it is not one of ours (another
 * domain, or no local part). Mail is case-blind in practice, and `token+anything@domain` (a
 * subaddress people add to sort their mail) reaches the same inbox.
 */
export function inboxTokenOf(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase().split('+')[0] ?? '';
  return /^[a-z0-9]{8,64}$/.test(local) ? local : null;
}
