import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { AwsClient } from 'aws4fetch';
import pLimit from 'p-limit';
import type { FileStorage } from './file-storage';
import { isValidStorageKey } from './file-storage';
import { errorCodeOf, parseListPage } from './s3-xml';
import {
  assertValidKey,
  assertValidPrefix,
  storageFailed,
  storedFileExists,
} from './storage-errors';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, …); AWS's regional endpoint when unset. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `{endpoint}/{bucket}/{key}` rather than `{scheme}://{bucket}.{endpoint host}/{key}`. */
  forcePathStyle: boolean;
  /** The global fetch unless given (tests, a custom dispatcher). */
  fetch?: typeof fetch;
};

const REQUEST_TIMEOUT_MS = 30_000;
const DELETE_CONCURRENCY = 4;
/** PutObject answers 409 ConditionalRequestConflict while another conditional write is in flight. */
const CONFLICT_ATTEMPTS = 3;

/**
 * The bucket's URL, to which `/{key}` is appended. Virtual-hosted style by default
 * (`https://{bucket}.s3.{region}.amazonaws.com`), path style (`{endpoint}/{bucket}`) when
 * forced; an endpoint's own path, if any, is kept in front.
 */
export function bucketUrl(options: S3StorageOptions): string {
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const bucket = encodeURIComponent(options.bucket);
  if (options.forcePathStyle) return `${endpoint.origin}${basePath}/${bucket}`;
  return `${endpoint.protocol}//${bucket}.${endpoint.host}${basePath}`;
}

function sha256Hex(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Stored files in one S3 bucket (or any S3-compatible store), signed with SigV4. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 0,
  });
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const base = bucketUrl(options);
  const objectUrl = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;

  /** One signed request; network errors and timeouts become STORAGE_FAILED. */
  async function send(
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: Uint8Array<ArrayBuffer>,
  ): Promise<Response> {
    try {
      const request = await client.sign(url, {
        method,
        // The payload hash is signed, so a body changed on the way is refused by S3.
        headers: { ...headers, 'x-amz-content-sha256': sha256Hex(body ?? new Uint8Array()) },
        body: body ?? null,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return await fetchImpl(request);
    } catch (error) {
      throw storageFailed(`S3 request failed (${describe(error)})`, error);
    }
  }

  async function textOf(response: Response): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throw storageFailed(`S3 response could not be read (${describe(error)})`, error);
    }
  }

  /** The S3 error code of a failed answer (`NoSuchKey`, `SlowDown`, …), or its status text. */
  async function codeOf(response: Response): Promise<string> {
    const text = await response.text().catch(() => '');
    return errorCodeOf(text) ?? response.statusText;
  }

  const failure = (response: Response, code: string) =>
    storageFailed(`S3 ${response.status} ${code}`.trim());

  return {
    driver: 's3',

    async create(key, body, contentType) {
      assertValidKey(key);
      const bytes = new Uint8Array(body);
      const headers = { 'content-type': contentType, 'if-none-match': '*' };
      for (let attempt = 1; ; attempt += 1) {
        const response = await send('PUT', objectUrl(key), headers, bytes);
        if (response.ok) {
          await response.body?.cancel();
          return;
        }
        const code = await codeOf(response);
        if (response.status === 412) throw storedFileExists(key);
        // Another write to this key was in flight; retrying shows whether it won (412).
        if (response.status === 409 && attempt < CONFLICT_ATTEMPTS) {
          await delay(50 * attempt);
          continue;
        }
        throw failure(response, code);
      }
    },

    async read(key) {
      assertValidKey(key);
      const response = await send('GET', objectUrl(key));
      if (response.ok) {
        try {
          return new Uint8Array(await response.arrayBuffer());
        } catch (error) {
          throw storageFailed(`S3 response could not be read (${describe(error)})`, error);
        }
      }
      const code = await codeOf(response);
      // A missing bucket is also a 404, and must not pass for a missing file.
      if (response.status === 404 && code === 'NoSuchKey') return null;
      throw failure(response, code);
    },

    async list(prefix) {
      assertValidPrefix(prefix);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const url = new URL(options.forcePathStyle ? base : `${base}/`);
        url.searchParams.set('list-type', '2');
        url.searchParams.set('prefix', prefix);
        if (token !== undefined) url.searchParams.set('continuation-token', token);
        const response = await send('GET', url.toString());
        if (!response.ok) throw failure(response, await codeOf(response));
        const page = parseListPage(await textOf(response));
        keys.push(...page.keys);
        if (page.isTruncated && !page.nextContinuationToken) {
          throw storageFailed('S3 listing is truncated but has no continuation token');
        }
        token = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (token !== undefined);
      // Objects put in the bucket by other means are not ours to show.
      return keys.filter((key) => key.startsWith(prefix) && isValidStorageKey(key)).sort();
    },

    async remove(keys) {
      keys.forEach(assertValidKey);
      const limit = pLimit(DELETE_CONCURRENCY);
      const results = await Promise.allSettled(
        [...new Set(keys)].map((key) =>
          limit(async () => {
            const response = await send('DELETE', objectUrl(key));
            if (response.ok) return void (await response.body?.cancel());
            const code = await codeOf(response);
            if (response.status === 404 && code === 'NoSuchKey') return;
            throw failure(response, code);
          }),
        ),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
