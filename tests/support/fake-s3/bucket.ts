import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  listBucketResultXml,
  objectHeaders,
  sendError,
  sendXml,
  type FakeS3Object,
} from './protocol';

/** One bucket's state and the S3 operations on it. */
export type FakeBucket = {
  name: string;
  objects: Map<string, FakeS3Object>;
  /** The most keys one ListObjectsV2 page holds, whatever max-keys asks. */
  pageSize: number;
};

const MAX_KEYS = 1000;
const TOKEN_PREFIX = 'after:';

/** S3 lists keys in UTF-8 byte order. */
export const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

const tokenFor = (lastKey: string) => Buffer.from(TOKEN_PREFIX + lastKey).toString('base64');

/** The key a continuation token stands for, or undefined when the token is not one of ours. */
function keyAfterToken(token: string): string | undefined {
  const text = Buffer.from(token, 'base64').toString('utf8');
  return text.startsWith(TOKEN_PREFIX) ? text.slice(TOKEN_PREFIX.length) : undefined;
}

/** ListObjectsV2: prefix, max-keys, continuation-token and start-after. */
export function listObjects(bucket: FakeBucket, response: ServerResponse, query: URLSearchParams) {
  const maxKeysText = query.get('max-keys') ?? String(MAX_KEYS);
  if (!/^\d{1,9}$/.test(maxKeysText)) {
    return sendError(
      response,
      'GET',
      400,
      'InvalidArgument',
      'Provided max-keys not an integer or within integer range',
      { ArgumentName: 'max-keys', ArgumentValue: maxKeysText },
    );
  }
  const maxKeys = Math.min(Number(maxKeysText), MAX_KEYS);
  const prefix = query.get('prefix') ?? '';
  const token = query.get('continuation-token') ?? undefined;
  const after = token === undefined ? (query.get('start-after') ?? '') : keyAfterToken(token);
  if (after === undefined) {
    return sendError(
      response,
      'GET',
      400,
      'InvalidArgument',
      'The continuation token provided is incorrect',
      { ArgumentName: 'continuation-token' },
    );
  }
  const matching = [...bucket.objects.keys()]
    .filter((key) => key.startsWith(prefix) && byBytes(key, after) > 0)
    .sort(byBytes);
  const page = matching.slice(0, Math.min(maxKeys, bucket.pageSize));
  const last = page.at(-1);
  const entries = page.flatMap((key) => {
    const object = bucket.objects.get(key);
    return object ? [[key, object] as [string, FakeS3Object]] : [];
  });
  sendXml(
    response,
    listBucketResultXml({
      bucket: bucket.name,
      prefix,
      maxKeys,
      continuationToken: token,
      nextContinuationToken: page.length < matching.length && last ? tokenFor(last) : undefined,
      entries,
    }),
  );
}

/** PutObject; `If-None-Match: *` makes it fail with 412 when the key exists. */
function putObject(
  bucket: FakeBucket,
  request: IncomingMessage,
  response: ServerResponse,
  key: string,
  body: Buffer,
) {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch !== '*') {
    return sendError(
      response,
      'PUT',
      501,
      'NotImplemented',
      'A header you provided implies functionality that is not implemented',
      { Header: 'If-None-Match' },
    );
  }
  // The body is already read, so the check and the store happen in one turn: no race.
  if (ifNoneMatch === '*' && bucket.objects.has(key)) {
    return sendError(
      response,
      'PUT',
      412,
      'PreconditionFailed',
      'At least one of the pre-conditions you specified did not hold',
      { Condition: 'If-None-Match' },
    );
  }
  const etag = `"${createHash('md5').update(body).digest('hex')}"`;
  const contentType = request.headers['content-type'] ?? 'binary/octet-stream';
  bucket.objects.set(key, { body, contentType, etag, lastModified: new Date() });
  response.writeHead(200, { etag, 'content-length': 0 }).end();
}

/** PutObject, GetObject, HeadObject and DeleteObject (204 whether or not the key existed). */
export function objectRequest(
  bucket: FakeBucket,
  request: IncomingMessage,
  response: ServerResponse,
  key: string,
  body: Buffer,
) {
  const method = request.method ?? '';
  if (method === 'PUT') return putObject(bucket, request, response, key, body);
  if (method === 'DELETE') {
    bucket.objects.delete(key);
    return void response.writeHead(204).end();
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return sendError(
      response,
      method,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
    );
  }
  const object = bucket.objects.get(key);
  if (!object) {
    return sendError(response, method, 404, 'NoSuchKey', 'The specified key does not exist.', {
      Key: key,
    });
  }
  response.writeHead(200, objectHeaders(object));
  response.end(method === 'HEAD' ? undefined : object.body);
}
