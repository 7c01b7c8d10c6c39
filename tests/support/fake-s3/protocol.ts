import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** What the fake keeps per object. */
export type FakeS3Object = {
  body: Buffer;
  contentType: string;
  /** Quoted, as S3 sends it: `"<md5 hex>"`. */
  etag: string;
  lastModified: Date;
};

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

function requestId(): string {
  return randomBytes(8).toString('hex').toUpperCase();
}

/** An S3 error answer: `<Error><Code>…</Code><Message>…</Message>…</Error>` (no body for HEAD). */
export function sendError(
  response: ServerResponse,
  method: string,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): void {
  const id = requestId();
  const fields = Object.entries({ Code: code, Message: message, ...extra, RequestId: id })
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  const body = method === 'HEAD' ? '' : `${XML_HEAD}<Error>${fields}</Error>`;
  response.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    'x-amz-request-id': id,
  });
  response.end(body);
}

export function sendXml(response: ServerResponse, xml: string): void {
  const body = XML_HEAD + xml;
  response.writeHead(200, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    'x-amz-request-id': requestId(),
  });
  response.end(body);
}

export function objectHeaders(object: FakeS3Object): Record<string, string | number> {
  return {
    'content-type': object.contentType,
    'content-length': object.body.length,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'x-amz-request-id': requestId(),
  };
}

export type ListPage = {
  bucket: string;
  prefix: string;
  maxKeys: number;
  continuationToken: string | undefined;
  nextContinuationToken: string | undefined;
  entries: [string, FakeS3Object][];
};

/** A ListObjectsV2 answer (`<ListBucketResult>`). */
export function listBucketResultXml(page: ListPage): string {
  const element = (name: string, value: string | number | undefined) =>
    value === undefined ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;
  const contents = page.entries.map(
    ([key, object]) =>
      `<Contents>${element('Key', key)}${element('LastModified', object.lastModified.toISOString())}` +
      `${element('ETag', object.etag)}${element('Size', object.body.length)}` +
      `${element('StorageClass', 'STANDARD')}</Contents>`,
  );
  return (
    `<ListBucketResult xmlns="${S3_NS}">${element('Name', page.bucket)}` +
    `${element('Prefix', page.prefix)}${element('ContinuationToken', page.continuationToken)}` +
    `${element('NextContinuationToken', page.nextContinuationToken)}` +
    `${element('KeyCount', page.entries.length)}${element('MaxKeys', page.maxKeys)}` +
    `${element('IsTruncated', String(page.nextContinuationToken !== undefined))}` +
    `${contents.join('')}</ListBucketResult>`
  );
}
