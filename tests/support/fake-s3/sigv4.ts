import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalRequest, headerValue, type HeaderValues } from './canonical';

/**
 * AWS Signature Version 4 checked as S3 checks an `Authorization` header, written from the spec
 * with node:crypto, independently of the signer the driver uses (aws4fetch).
 */

export type SignedRequest = {
  method: string;
  /** The request target as received: raw path and query. */
  target: string;
  headers: HeaderValues;
  body: Buffer;
};

export type S3Failure = { status: number; code: string; message: string };

export type VerifyOptions = {
  /** Secret access keys by access key id. */
  credentials: ReadonlyMap<string, string>;
  region: string;
  now: Date;
};

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60 * 1000;
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

const fail = (status: number, code: string, message: string): S3Failure => ({
  status,
  code,
  message,
});
const malformed = (message: string) => fail(400, 'AuthorizationHeaderMalformed', message);

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** `20130524T000000Z` as a Date, or undefined when it is not one. */
function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

type Authorization = {
  accessKeyId: string;
  /** date, region, service, `aws4_request`. */
  scope: string[];
  signedHeaders: string[];
  signature: string;
};

/** `AWS4-HMAC-SHA256 Credential=…/…, SignedHeaders=a;b, Signature=hex`. */
function parseAuthorization(header: string): Authorization | S3Failure {
  if (!header.startsWith(`${ALGORITHM} `)) {
    return fail(400, 'InvalidArgument', 'Unsupported Authorization Type');
  }
  const fields = new Map(
    header
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((part) => {
        const equals = part.indexOf('=');
        return [part.slice(0, equals).trim(), part.slice(equals + 1).trim()] as const;
      }),
  );
  const [accessKeyId, ...scope] = fields.get('Credential')?.split('/') ?? [];
  const signedHeaders = fields.get('SignedHeaders')?.split(';') ?? [];
  const signature = fields.get('Signature') ?? '';
  if (!accessKeyId || scope.length !== 4 || signedHeaders.length === 0) {
    return malformed('The authorization header is malformed.');
  }
  if (!/^[0-9a-f]{64}$/.test(signature)) return malformed('The signature is malformed.');
  return { accessKeyId, scope, signedHeaders, signature };
}

/** The checks S3 makes before it computes a signature: scope, date, skew, signed headers. */
function checkRequest(
  request: SignedRequest,
  auth: Authorization,
  options: VerifyOptions,
): { amzDate: string; payloadHash: string } | S3Failure {
  const [scopeDate, region, service, terminator] = auth.scope;
  if (region !== options.region) {
    return malformed(
      `The authorization header is malformed; the region '${region ?? ''}' is wrong; expecting '${options.region}'`,
    );
  }
  if (service !== 's3' || terminator !== 'aws4_request') {
    return malformed('The authorization header is malformed; incorrect service or terminator.');
  }
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const time = parseAmzDate(amzDate);
  if (!time) {
    return fail(
      403,
      'AccessDenied',
      'AWS authentication requires a valid Date or x-amz-date header',
    );
  }
  if (scopeDate !== amzDate.slice(0, 8)) {
    return malformed('Invalid credential date. Date is not the same as X-Amz-Date.');
  }
  if (Math.abs(time.getTime() - options.now.getTime()) > MAX_SKEW_MS) {
    return fail(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const isUnsigned = (name: string) => !auth.signedHeaders.includes(name);
  if (
    isUnsigned('host') ||
    Object.keys(request.headers).some((name) => name.startsWith('x-amz-') && isUnsigned(name))
  ) {
    return fail(
      403,
      'AccessDenied',
      'There were headers present in the request which were not signed',
    );
  }
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (payloadHash === undefined) {
    return fail(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
    );
  }
  if (payloadHash !== UNSIGNED_PAYLOAD && !/^[0-9a-f]{64}$/.test(payloadHash)) {
    return fail(
      400,
      'InvalidArgument',
      'x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a valid sha256 value.',
    );
  }
  return { amzDate, payloadHash };
}

/** Checks a request's SigV4 signature: undefined when it holds, else the error S3 answers. */
export function verifySigV4(request: SignedRequest, options: VerifyOptions): S3Failure | undefined {
  const header = headerValue(request.headers, 'authorization');
  if (header === undefined) return fail(403, 'AccessDenied', 'Access Denied');
  const auth = parseAuthorization(header);
  if ('code' in auth) return auth;
  const secret = options.credentials.get(auth.accessKeyId);
  if (secret === undefined) {
    return fail(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  const checked = checkRequest(request, auth, options);
  if ('code' in checked) return checked;

  let canonical: string;
  try {
    canonical = canonicalRequest({ ...request, ...auth, payloadHash: checked.payloadHash });
  } catch {
    return fail(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
  const scope = auth.scope.join('/');
  const stringToSign = [ALGORITHM, checked.amzDate, scope, sha256Hex(canonical)].join('\n');
  const signingKey = auth.scope.reduce<string | Buffer>(
    (key, part) => hmac(key, part),
    `AWS4${secret}`,
  );
  const expected = hmac(signingKey, stringToSign).toString('hex');
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(auth.signature))) {
    return fail(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  if (checked.payloadHash !== UNSIGNED_PAYLOAD && checked.payloadHash !== sha256Hex(request.body)) {
    return fail(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
  return undefined;
}
