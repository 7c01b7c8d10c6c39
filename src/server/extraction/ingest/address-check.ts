import ipaddr from 'ipaddr.js';

/** Decides whether the server may connect to an IP address. */
export type AddressPolicy = (address: string) => boolean;

/**
 * Only global unicast addresses are public. Loopback, private, link-local (which holds cloud
 * metadata at 169.254.169.254), unique-local, multicast, carrier-grade NAT, reserved and the
 * IPv6 ranges that embed IPv4 addresses are all refused. An IPv4-mapped IPv6 address is judged
 * as the IPv4 address it holds.
 */
export const isPublicAddress: AddressPolicy = (address) => {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(plain)) return false;
  let parsed = ipaddr.parse(plain);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
};

export const allowAnyAddress: AddressPolicy = () => true;

/** The literal IP in a URL host, or null when the host is a name. */
export function literalAddress(hostname: string): string | null {
  const plain = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(plain) ? plain : null;
}
