import ipaddr from 'ipaddr.js';

/** Decides whether the server may connect to an IP address. */
export type AddressPolicy = (address: string) => boolean;

const v4Ranges = (cidrs: string[]) => cidrs.map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
const v6Range = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);

/** IPv4 blocks that are not public unicast (IANA's special-purpose registry, RFC 6890). */
const NOT_PUBLIC_V4 = v4Ranges([
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and the limited broadcast 255.255.255.255
]);

const GLOBAL_UNICAST_V6 = v6Range('2000::/3');
/** Special-purpose blocks inside 2000::/3 that are not public (the embedding ones aside). */
const SPECIAL_V6 = [
  v6Range('2001::/23'), // IETF protocol assignments: benchmarking, ORCHID, …
  v6Range('2001:db8::/32'), // documentation
  v6Range('3fff::/20'), // documentation
];

const IPV4_MAPPED = v6Range('::ffff:0:0/96');
const IPV4_COMPATIBLE = v6Range('::/96');
const NAT64 = v6Range('64:ff9b::/96');
const LOCAL_NAT64 = v6Range('64:ff9b:1::/48');
const LOCAL_NAT64_96 = v6Range('64:ff9b:1::/96');
const SIX_TO_FOUR = v6Range('2002::/16');
const TEREDO = v6Range('2001::/32');

function isPublicV4(address: ipaddr.IPv4): boolean {
  return !NOT_PUBLIC_V4.some((range) => address.match(range));
}

function v4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * For an IPv6 address that carries an IPv4 address, whether every IPv4 address it carries is
 * public; null for one that carries none. Reaching it reaches the IPv4 address, so that decides.
 */
function embeddedVerdict(address: ipaddr.IPv6): boolean | null {
  const [, p1 = 0, p2 = 0, p3 = 0, , , p6 = 0, p7 = 0] = address.parts;
  const last32 = v4Of(p6, p7);
  if (address.match(IPV4_MAPPED) || address.match(IPV4_COMPATIBLE) || address.match(NAT64))
    return isPublicV4(last32);
  // Local-use NAT64: the operator picks where the IPv4 address sits; only the /96 layout is known.
  if (address.match(LOCAL_NAT64)) return address.match(LOCAL_NAT64_96) && isPublicV4(last32);
  if (address.match(SIX_TO_FOUR)) return isPublicV4(v4Of(p1, p2));
  // Teredo: the server's IPv4 address, then the client's with every bit flipped.
  if (address.match(TEREDO))
    return isPublicV4(v4Of(p2, p3)) && isPublicV4(v4Of(p6 ^ 0xffff, p7 ^ 0xffff));
  return null;
}

/**
 * Only public unicast addresses may be fetched. IPv4: everything but the special-purpose blocks
 * above (private, loopback, link-local with cloud metadata at 169.254.169.254, shared, reserved,
 * documentation, benchmarking, multicast, broadcast). IPv6: global unicast (2000::/3) minus its
 * special-purpose blocks; an address that carries an IPv4 address (mapped, compatible, 6to4,
 * Teredo, NAT64) is judged by that IPv4 address.
 */
export const isPublicAddress: AddressPolicy = (address) => {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(plain)) return false;
  const parsed = ipaddr.parse(plain);
  if (parsed.kind() === 'ipv4') return isPublicV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedVerdict(v6);
  if (embedded !== null) return embedded;
  return v6.match(GLOBAL_UNICAST_V6) && !SPECIAL_V6.some((range) => v6.match(range));
};

export const allowAnyAddress: AddressPolicy = () => true;

/** The literal IP in a URL host, or null when the host is a name. */
export function literalAddress(hostname: string): string | null {
  const plain = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(plain) ? plain : null;
}
