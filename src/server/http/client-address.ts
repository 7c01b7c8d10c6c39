import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { clientAddressOf, type TrustProxy } from './trust-proxy';

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (a request made in-process, as tests do).
    return 'unknown';
  }
}

/**
 * The address a request came from. X-Forwarded-For is believed only as far as TRUST_PROXY
 * trusts the proxies in front, read from the right, where they append; otherwise anyone could
 * pick their own address.
 */
export function getClientAddress(c: Context, trust: TrustProxy): string {
  return clientAddressOf({
    socketAddress: socketAddress(c),
    forwardedFor: c.req.header('x-forwarded-for'),
    trust,
  });
}

/** IPv6 clients usually hold a whole /64, so they are counted by that prefix. */
export function addressBucket(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.)/i, '').replace(/%.*$/, '');
  if (!plain.includes(':')) return plain;
  const [head = '', tail] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
