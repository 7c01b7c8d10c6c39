import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Which proxies in front of the server may be believed about the client's address
 * (TRUST_PROXY): none; the nearest `hops` proxies, whoever they are; or proxies at these
 * addresses and ranges. docs/decisions/019-sign-in-throttling-and-proxies.md says why.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; ranges: readonly Range[] };

const NONE = new Set(['', 'false', '0', 'no']);
/** `true` means the one proxy most deployments have (nginx, Caddy, a load balancer). */
const ONE_HOP = new Set(['true', 'yes']);
const MAX_HOPS = 16;

/**
 * TRUST_PROXY as written: `false` (or unset), `true` (one hop), a number of hops, or a
 * comma-separated list of proxy addresses and CIDR ranges. Null when it is none of these.
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (NONE.has(text)) return { kind: 'none' };
  if (ONE_HOP.has(text)) return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS ? { kind: 'hops', hops } : null;
  }
  const ranges: Range[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    const range = parseRange(entry);
    if (!range) return null;
    ranges.push(range);
  }
  return { kind: 'addresses', ranges };
}

function parseRange(entry: string): Range | null {
  const [address = '', bits] = entry.split('/');
  // ipaddr.js also reads shorthand like "1.5" as an IPv4 address; a setting must be written out.
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return null;
  try {
    if (bits !== undefined) return ipaddr.parseCIDR(entry);
    const parsed = ipaddr.process(address);
    return [parsed, parsed.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

export function isTrustingProxies(trust: TrustProxy): boolean {
  return trust.kind !== 'none';
}

/** One X-Forwarded-For entry without a port or brackets (`[2001:db8::1]:443`, `192.0.2.1:80`). */
function plainAddress(entry: string): string {
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  return (withPort ? withPort[1]! : text).slice(0, 100);
}

function isTrustedAddress(address: string, ranges: readonly Range[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  // match() throws across families, so the family is compared first.
  return ranges.some((range) => range[0].kind() === parsed.kind() && parsed.match(range));
}

/**
 * The client's address as the trusted proxies saw it. Every proxy appends the address it was
 * reached from to X-Forwarded-For, so the entries a visitor can forge are on the left: the chain
 * is read from the right (the socket's peer, then the last entry, …), passing over the proxies we
 * trust, and the first address not passed over is the client. With fewer entries than trusted
 * hops, the leftmost is the client.
 */
export function clientAddressOf(options: {
  socketAddress: string;
  forwardedFor: string | undefined;
  trust: TrustProxy;
}): string {
  const { socketAddress, trust } = options;
  if (trust.kind === 'none') return socketAddress;
  const forwarded = (options.forwardedFor ?? '')
    .split(',')
    .map(plainAddress)
    .filter((entry) => entry !== '');
  // Nearest first: the socket's peer, then the entries from right to left.
  const chain = [socketAddress, ...forwarded.reverse()];
  if (trust.kind === 'hops') return chain[Math.min(trust.hops, chain.length - 1)]!;
  const client = chain.find((address) => !isTrustedAddress(address, trust.ranges));
  return client ?? chain[chain.length - 1]!;
}
