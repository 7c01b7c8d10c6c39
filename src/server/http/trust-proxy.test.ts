import { describe, expect, it } from 'vitest';
import { clientAddressOf, parseTrustProxy, type TrustProxy } from './trust-proxy';

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if (!parsed) throw new Error(`not a TRUST_PROXY value: ${value}`);
  return parsed;
}

describe('parseTrustProxy', () => {
  it('reads off, one hop, a number of hops, and proxy addresses', () => {
    for (const off of ['', 'false', '0', 'no', 'FALSE'])
      expect(trust(off)).toEqual({ kind: 'none' });
    expect(trust('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(trust('yes')).toEqual({ kind: 'hops', hops: 1 });
    expect(trust('2')).toEqual({ kind: 'hops', hops: 2 });
    const listed = trust('10.0.0.0/8, 192.0.2.7 ,2001:db8::/32');
    expect(listed.kind).toBe('addresses');
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['banana', '10.0.0.0/40', '10.0.0.1,', '-1', '1.5', '99'])
      expect(parseTrustProxy(bad), bad).toBeNull();
  });
});

describe('clientAddressOf', () => {
  const behindOne = { socketAddress: '10.0.0.2', trust: trust('1') };

  it('believes nothing forwarded when no proxy is trusted', () => {
    expect(
      clientAddressOf({
        socketAddress: '203.0.113.9',
        forwardedFor: '198.51.100.1',
        trust: trust('false'),
      }),
    ).toBe('203.0.113.9');
  });

  it('takes the address the one trusted proxy appended, not one the visitor wrote', () => {
    // The visitor sent "X-Forwarded-For: 198.51.100.66"; the proxy appended what it saw.
    expect(clientAddressOf({ ...behindOne, forwardedFor: '198.51.100.66, 203.0.113.9' })).toBe(
      '203.0.113.9',
    );
    expect(clientAddressOf({ ...behindOne, forwardedFor: '203.0.113.9' })).toBe('203.0.113.9');
  });

  it('counts hops from the right', () => {
    const chain = '198.51.100.66, 203.0.113.9, 10.0.0.1';
    expect(
      clientAddressOf({ socketAddress: '10.0.0.2', forwardedFor: chain, trust: trust('2') }),
    ).toBe('203.0.113.9');
    expect(
      clientAddressOf({ socketAddress: '10.0.0.2', forwardedFor: chain, trust: trust('3') }),
    ).toBe('198.51.100.66');
  });

  it('falls back to the socket, or the leftmost entry, when the chain is shorter than the hops', () => {
    expect(clientAddressOf({ ...behindOne, forwardedFor: undefined })).toBe('10.0.0.2');
    expect(
      clientAddressOf({
        socketAddress: '10.0.0.2',
        forwardedFor: '203.0.113.9',
        trust: trust('4'),
      }),
    ).toBe('203.0.113.9');
  });

  it('passes over listed proxies from the right and stops at the first other address', () => {
    const listed = trust('10.0.0.0/8, 2001:db8:1::/48');
    expect(
      clientAddressOf({
        socketAddress: '::ffff:10.0.0.2',
        forwardedFor: '198.51.100.66, 203.0.113.9, 10.1.2.3',
        trust: listed,
      }),
    ).toBe('203.0.113.9');
    expect(
      clientAddressOf({
        socketAddress: '2001:db8:1::5',
        forwardedFor: '2001:db8:2::7, 2001:db8:1::9',
        trust: listed,
      }),
    ).toBe('2001:db8:2::7');
    // A direct visitor, not one of the listed proxies, is believed about nothing.
    expect(
      clientAddressOf({
        socketAddress: '203.0.113.9',
        forwardedFor: '198.51.100.66',
        trust: listed,
      }),
    ).toBe('203.0.113.9');
  });

  it('reads entries written with ports or brackets', () => {
    expect(clientAddressOf({ ...behindOne, forwardedFor: '203.0.113.9:5123' })).toBe('203.0.113.9');
    expect(clientAddressOf({ ...behindOne, forwardedFor: '[2001:db8::1]:443' })).toBe(
      '2001:db8::1',
    );
  });
});
