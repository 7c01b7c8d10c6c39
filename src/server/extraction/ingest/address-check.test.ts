import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalAddress } from './address-check';

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback range', '127.1.2.3'],
    ['IPv6 loopback', '::1'],
    ['bracketed IPv6 loopback', '[::1]'],
    ['private 10/8', '10.0.0.5'],
    ['private 172.16/12', '172.20.1.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['cloud metadata', '169.254.169.254'],
    ['link-local', '169.254.10.10'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with zone', 'fe80::1%eth0'],
    ['unique-local', 'fd00::1'],
    ['AWS IPv6 metadata', 'fd00:ec2::254'],
    ['multicast', '224.0.0.1'],
    ['IPv6 multicast', 'ff02::1'],
    ['unspecified', '0.0.0.0'],
    ['IPv6 unspecified', '::'],
    ['broadcast', '255.255.255.255'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private in hex', '::ffff:a00:1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['NAT64 embedding', '64:ff9b::7f00:1'],
    ['6to4 embedding', '2002:7f00:1::1'],
    ['documentation range', '192.0.2.1'],
    ['not an address', 'example.com'],
  ])('refuses %s (%s)', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('literalAddress', () => {
  it('finds literal IPs in URL hosts, including the forms the URL parser normalises', () => {
    expect(literalAddress(new URL('http://127.0.0.1/').hostname)).toBe('127.0.0.1');
    expect(literalAddress(new URL('http://2130706433/').hostname)).toBe('127.0.0.1');
    expect(literalAddress(new URL('http://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(literalAddress(new URL('http://[::ffff:7f00:1]/').hostname)).toBe('::ffff:7f00:1');
    expect(literalAddress(new URL('http://example.com/').hostname)).toBeNull();
  });
});
