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

describe('isPublicAddress, range by range', () => {
  // IPv4: only what is really public.
  it.each([
    ['0.1.2.3', '"this network" 0/8'],
    ['10.255.255.254', 'private 10/8'],
    ['100.127.255.254', 'shared address space 100.64/10'],
    ['127.255.255.254', 'loopback 127/8'],
    ['169.254.0.1', 'link-local 169.254/16'],
    ['172.16.0.1', 'private 172.16/12, first'],
    ['172.31.255.254', 'private 172.16/12, last'],
    ['192.0.0.8', 'IETF protocol assignments 192.0.0/24'],
    ['192.0.0.171', 'NAT64 discovery in 192.0.0/24'],
    ['192.0.2.200', 'documentation TEST-NET-1'],
    ['192.88.99.1', '6to4 relay anycast 192.88.99/24'],
    ['192.168.255.254', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking 198.18/15, first'],
    ['198.19.255.254', 'benchmarking 198.18/15, last'],
    ['198.51.100.7', 'documentation TEST-NET-2'],
    ['203.0.113.9', 'documentation TEST-NET-3'],
    ['224.0.0.251', 'multicast 224/4'],
    ['239.255.255.250', 'multicast 224/4, last'],
    ['240.0.0.1', 'reserved 240/4'],
    ['255.255.255.254', 'reserved 240/4, last but one'],
    ['255.255.255.255', 'limited broadcast'],
  ])('refuses IPv4 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['1.1.1.1', 'a public resolver'],
    ['100.63.255.255', 'just below 100.64/10'],
    ['100.128.0.1', 'just above 100.64/10'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.1', 'just above 172.16/12'],
    ['192.0.1.1', 'between 192.0.0/24 and 192.0.2/24'],
    ['192.88.98.1', 'just below 192.88.99/24'],
    ['192.169.0.1', 'just above 192.168/16'],
    ['198.17.255.255', 'just below 198.18/15'],
    ['198.20.0.1', 'just above 198.18/15'],
    ['203.0.114.1', 'just above 203.0.113/24'],
    ['223.255.255.254', 'just below multicast'],
  ])('allows IPv4 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  // IPv6: global unicast 2000::/3 minus special-purpose blocks.
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['100::1', 'discard-only 100::/64'],
    ['1fff:ffff::1', 'just below 2000::/3'],
    ['4000::1', 'just above 2000::/3'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fdff:ffff::1', 'unique-local fc00::/7, last'],
    ['fe80::abcd', 'link-local'],
    ['fec0::1', 'deprecated site-local'],
    ['ff0e::1', 'global multicast'],
    ['2001:2::1', 'benchmarking 2001:2::/48'],
    ['2001:10::1', 'ORCHID 2001:10::/28'],
    ['2001:20::1', 'ORCHIDv2 2001:20::/28'],
    ['2001:1ff::1', 'IETF protocol assignments 2001::/23'],
    ['2001:db8:85a3::8a2e:370:7334', 'documentation 2001:db8::/32'],
    ['3fff:123::1', 'documentation 3fff::/20'],
    ['3fff:fff:ffff::1', 'documentation 3fff::/20, last'],
  ])('refuses IPv6 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['2001:4860:4860::8888', 'a public resolver'],
    ['2001:200::1', 'just above 2001::/23'],
    ['2001:dc0::1', 'just above 2001:db8::/32'],
    ['2400:cb00:2048:1::c629:d7a2', 'a content network'],
    ['3ffe:ffff::1', 'high in 2000::/3'],
    ['3fff:1000::1', 'just above 3fff::/20'],
  ])('allows IPv6 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  // IPv4 inside IPv6: judged by the IPv4 address it carries.
  it.each([
    ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
    ['::ffff:808:808', true, 'IPv4-mapped public, in hex'],
    ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
    ['::ffff:0.0.0.0', false, 'IPv4-mapped unspecified'],
    ['::8.8.8.8', true, 'IPv4-compatible public'],
    ['::127.0.0.1', false, 'IPv4-compatible loopback'],
    ['::a9fe:a9fe', false, 'IPv4-compatible metadata (169.254.169.254)'],
    ['2002:808:808::1', true, '6to4 of a public address'],
    ['2002:a00:1::1', false, '6to4 of 10.0.0.1'],
    ['2002:a9fe:a9fe::', false, '6to4 of 169.254.169.254'],
    ['2002:c0a8:101:1::1', false, '6to4 of 192.168.1.1'],
    // Teredo: server 65.54.227.120, client = last 32 bits XOR ffff:ffff.
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', true, 'Teredo, public client 8.8.8.8'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false, 'Teredo, client 127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', false, 'Teredo, client 10.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false, 'Teredo, client 192.0.2.45 (RFC 4380)'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', false, 'Teredo, private server 10.0.0.1'],
    ['64:ff9b::808:808', true, 'NAT64 of a public address'],
    ['64:ff9b::8.8.4.4', true, 'NAT64 of a public address, dotted'],
    ['64:ff9b::a9fe:a9fe', false, 'NAT64 of 169.254.169.254'],
    ['64:ff9b::c0a8:1', false, 'NAT64 of 192.168.0.1'],
    ['64:ff9b:1::808:808', true, 'local-use NAT64 /96 of a public address'],
    ['64:ff9b:1::a00:1', false, 'local-use NAT64 /96 of 10.0.0.1'],
    ['64:ff9b:1:ab::808:808', false, 'local-use NAT64 laid out other than /96'],
  ])('judges %s by its IPv4 address (%s)', (address, isPublic) => {
    expect(isPublicAddress(address)).toBe(isPublic);
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
