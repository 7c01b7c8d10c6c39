/**
 * The canonical request of AWS Signature Version 4, as S3 builds it
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html).
 */

/** Header values by lowercase name, each repeat kept apart (node's `headersDistinct`). */
export type HeaderValues = Partial<Record<string, string[]>>;

/** S3's URI encoding: each UTF-8 byte but `A-Za-z0-9-._~` becomes `%XX` (upper-case hex). */
export function uriEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Each path segment decoded once and encoded once: S3 does not double-encode. */
export function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Parameters decoded (`+` is a space), encoded, sorted by name then value, joined by `&`. */
export function canonicalQuery(rawQuery: string): string {
  const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  return rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? '' : pair.slice(equals + 1);
      return [uriEncode(decode(name)), uriEncode(decode(value))] as const;
    })
    .sort(([n1, v1], [n2, v2]) => compare(n1, n2) || compare(v1, v2))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** A header's canonical value: repeats joined by `,`, each trimmed with inner runs of space collapsed. */
export function headerValue(headers: HeaderValues, name: string): string | undefined {
  const values = headers[name];
  if (values === undefined || values.length === 0) return undefined;
  return values.map((value) => value.trim().replace(/\s+/g, ' ')).join(',');
}

/** The canonical request; throws URIError on a malformed percent-escape. */
export function canonicalRequest(request: {
  method: string;
  target: string;
  headers: HeaderValues;
  signedHeaders: string[];
  payloadHash: string;
}): string {
  const queryAt = request.target.indexOf('?');
  const rawPath = queryAt === -1 ? request.target : request.target.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : request.target.slice(queryAt + 1);
  const headerLines = request.signedHeaders.map(
    (name) => `${name}:${headerValue(request.headers, name) ?? ''}\n`,
  );
  return [
    request.method.toUpperCase(),
    canonicalUri(rawPath),
    canonicalQuery(rawQuery),
    headerLines.join(''),
    request.signedHeaders.join(';'),
    request.payloadHash,
  ].join('\n');
}
