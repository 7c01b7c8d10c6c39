import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import { STATUS_CODES } from 'node:http';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { AppError } from '../../../shared/errors';
import { allowAnyAddress, literalAddress, type AddressPolicy } from './address-check';

export type FetchUrlOptions = {
  url: string;
  isAllowedAddress: AddressPolicy;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
};

export type FetchedResource = {
  bytes: Uint8Array;
  contentType: string;
  finalUrl: string;
};

const USER_AGENT = 'RowsmithBot/1.0 (reads a page a user asked to turn into a table)';

class BlockedAddressError extends Error {}

/** Parses and checks one address of the chain: scheme, credentials, literal IPs. */
export function checkUrl(raw: string, isAllowedAddress: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('URL_INVALID', { params: { message: 'that is not a valid web address.' } });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('URL_INVALID', {
      params: { message: 'only http and https addresses can be read.' },
    });
  }
  if (url.username || url.password) {
    throw new AppError('URL_INVALID', {
      params: { message: 'addresses with a user name or password are not accepted.' },
    });
  }
  const literal = literalAddress(url.hostname);
  if (literal !== null && !isAllowedAddress(literal)) throw blocked(url.hostname);
  return url;
}

function blocked(host: string) {
  return new AppError('URL_NOT_ALLOWED', {
    params: { message: `${host} is a private, local or reserved address, which cannot be read.` },
  });
}

/** DNS resolution that drops every address the policy refuses; the socket uses what is left. */
function guardedLookup(isAllowedAddress: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter((entry) => isAllowedAddress(entry.address));
      if (allowed.length === 0) return callback(new BlockedAddressError(hostname), '', 0);
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, allowed);
      const first = allowed[0]!;
      callback(null, first.address, first.family);
    });
  };
}

async function readLimited(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      throw new AppError('URL_FETCH_FAILED', {
        params: { message: `the page is larger than ${Math.round(maxBytes / 1024 / 1024)}MB.` },
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function translateNetworkError(error: unknown, url: URL, timeoutMs: number): AppError {
  if (error instanceof AppError) return error;
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (cause instanceof BlockedAddressError) return blocked(url.hostname);
  const code = (cause as { code?: string }).code;
  const name = (error as { name?: string }).name;
  if (
    name === 'TimeoutError' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT'
  ) {
    return new AppError('URL_FETCH_FAILED', {
      params: {
        message: `${url.host} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
      },
      cause: error,
    });
  }
  // A name that does not exist is the visitor's mistake (4xx); a resolver that cannot answer
  // now (EAI_AGAIN) is ours.
  if (code === 'ENOTFOUND')
    return new AppError('URL_HOST_NOT_FOUND', { params: { host: url.hostname }, cause: error });
  const reasons: Record<string, string> = {
    EAI_AGAIN: `${url.hostname} could not be looked up just now.`,
    ECONNREFUSED: `${url.host} refused the connection.`,
    ECONNRESET: `${url.host} closed the connection.`,
  };
  const message = (code && reasons[code]) ?? `${url.host} could not be reached.`;
  return new AppError('URL_FETCH_FAILED', { params: { message }, cause: error });
}

/**
 * Checks an address that another service will fetch for us (the page reader): the same scheme
 * and address checks as a direct fetch, and since that service resolves the name itself, every
 * address the name resolves to must be allowed. A policy that allows any address has nothing to
 * refuse, so the name is not looked up.
 */
export async function checkForwardedUrl(
  raw: string,
  isAllowedAddress: AddressPolicy,
): Promise<URL> {
  const url = checkUrl(raw, isAllowedAddress);
  if (isAllowedAddress === allowAnyAddress || literalAddress(url.hostname) !== null) return url;
  let addresses: LookupAddress[];
  try {
    addresses = await dns.lookup(url.hostname, { all: true, verbatim: true });
  } catch (error) {
    throw translateNetworkError(error, url, 0);
  }
  if (addresses.length === 0 || addresses.some((entry) => !isAllowedAddress(entry.address)))
    throw blocked(url.hostname);
  return url;
}

/**
 * Fetches a web address the way a careful crawler would: http(s) only, every address of every
 * redirect checked against the policy (names through a guarded DNS lookup, literal IPs directly,
 * since the lookup is skipped for them), a time limit for the whole chain and a size limit.
 */
export async function fetchUrl(options: FetchUrlOptions): Promise<FetchedResource> {
  const { isAllowedAddress, timeoutMs, maxBytes, maxRedirects } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(isAllowedAddress) } });
  let url = checkUrl(options.url, isAllowedAddress);
  try {
    for (let hop = 0; ; hop += 1) {
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(url, {
          dispatcher,
          signal,
          headers: {
            'user-agent': USER_AGENT,
            accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
          },
        });
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        throw translateNetworkError(
          timeout.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : error,
          url,
          timeoutMs,
        );
      }
      const { statusCode, headers, body } = response;
      const location = headers.location;
      if (statusCode >= 300 && statusCode < 400 && typeof location === 'string') {
        await body.dump();
        if (hop >= maxRedirects) {
          throw new AppError('URL_FETCH_FAILED', {
            params: { message: `more than ${maxRedirects} redirects.` },
          });
        }
        url = checkUrl(new URL(location, url).toString(), isAllowedAddress);
        continue;
      }
      if (statusCode >= 400) {
        await body.dump();
        throw new AppError('WEBPAGE_FETCH_FAILED', {
          params: { statusText: `${statusCode} ${STATUS_CODES[statusCode] ?? ''}`.trim() },
        });
      }
      const bytes = await readLimited(body, maxBytes).catch((error: unknown) => {
        throw translateNetworkError(
          timeout.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : error,
          url,
          timeoutMs,
        );
      });
      const contentType =
        typeof headers['content-type'] === 'string' ? headers['content-type'] : '';
      return { bytes, contentType, finalUrl: url.toString() };
    }
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}

/**
 * POSTs a body to an address someone gave us (a webhook), under the same address policy as a
 * fetch: http(s) only, names resolved through the guarded lookup, no redirects followed (a 3xx
 * is the receiver's answer). Answers the status code; the response body is read up to 64 KB and
 * dropped.
 */
export async function postToAddress(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  isAllowedAddress: AddressPolicy;
  timeoutMs: number;
}): Promise<{ statusCode: number }> {
  const url = checkUrl(options.url, options.isAllowedAddress);
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(options.isAllowedAddress) } });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await request(url, {
      method: 'POST',
      dispatcher,
      signal: timeout,
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      body: options.body,
    });
    await readLimited(response.body, 64 * 1024).catch(() => undefined);
    return { statusCode: response.statusCode };
  } catch (error) {
    throw translateNetworkError(
      timeout.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : error,
      url,
      options.timeoutMs,
    );
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}
