/** The compressed encodings we send, best first. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to send for an `Accept-Encoding` header, chosen from `offered` (best first):
 * the first one the client accepts with a non-zero quality (an explicit name or `*`), else
 * `identity`. Quality values only rule encodings out; among the accepted ones ours is the
 * better order, since browsers list them all at the same weight.
 */
export function negotiateEncoding(
  header: string | undefined,
  offered: readonly ContentEncoding[],
): ContentEncoding | 'identity' {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  const accepts = (encoding: string) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  return offered.find(accepts) ?? 'identity';
}

/** Adds `Accept-Encoding` to a response's `Vary` header unless it is already there. */
export function varyOnAcceptEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    headers.set('Vary', `${vary}, Accept-Encoding`);
}
