import { describe, expect, it } from 'vitest';
import { addressBucket } from './client-address';

describe('addressBucket', () => {
  it('keeps an IPv4 address as it is, including one mapped into IPv6', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients by their /64, however the address is written', () => {
    const bucket = addressBucket('2001:db8:abcd:12::1');
    expect(bucket).toBe('2001:db8:abcd:12::/64');
    expect(addressBucket('2001:0db8:abcd:0012:ffff:1:2:3')).toBe(bucket);
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
