import { describe, expect, it } from 'vitest';
import { inboxSenderEntryOf, isSenderAllowed } from './inbox-senders';

describe('an inbox’s allowed senders', () => {
  it('keeps addresses and domains in lower case, and refuses anything else', () => {
    expect(inboxSenderEntryOf(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(inboxSenderEntryOf('@example.com')).toBe('@example.com');
    expect(inboxSenderEntryOf('example.com')).toBe('@example.com');
    for (const text of ['', 'ada', 'ada@', 'a@b@c.com', 'ada@localhost', '*', 'x y@example.com'])
      expect(inboxSenderEntryOf(text)).toBeNull();
  });

  it('allows the owner, listed addresses and exactly the listed domains', () => {
    const inbox = {
      ownerEmail: 'Owner@Example.com',
      senders: ['ada@partner.test', '@supplier.test'],
      isOpen: false,
    };
    expect(isSenderAllowed(inbox, 'owner@example.com')).toBe(true);
    expect(isSenderAllowed(inbox, 'ADA@partner.test')).toBe(true);
    expect(isSenderAllowed(inbox, 'orders@supplier.test')).toBe(true);
    expect(isSenderAllowed(inbox, 'bob@partner.test')).toBe(false);
    expect(isSenderAllowed(inbox, 'x@mail.supplier.test')).toBe(false);
    expect(isSenderAllowed(inbox, null)).toBe(false);
    expect(isSenderAllowed({ ...inbox, isOpen: true }, null)).toBe(true);
  });
});
