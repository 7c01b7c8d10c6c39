import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { byBytes, listObjects, objectRequest, type FakeBucket } from './fake-s3/bucket';
import { sendError, type FakeS3Object } from './fake-s3/protocol';
import { verifySigV4 } from './fake-s3/sigv4';

export type { FakeS3Object } from './fake-s3/protocol';

export type FakeS3Request = { method: string; path: string; query: string };

export type FakeS3 = {
  /** The endpoint a client is configured with, path-style: `{url}/{bucket}/{key}`. */
  url: string;
  /** The stored objects by key; tests may read or seed it. */
  objects: Map<string, FakeS3Object>;
  /** The stored keys in S3's order. */
  keys(): string[];
  /** Every request received, in order, refused ones included. */
  requests: FakeS3Request[];
  /** Makes the next request (or the next `times`) fail with this status and S3 error code. */
  failNext(status: number, code: string, times?: number): void;
  close(): Promise<void>;
};

export type FakeS3Options = {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** The most keys one ListObjectsV2 page holds, whatever max-keys asks (S3: 1000). */
  pageSize?: number;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local S3-compatible server for tests, on 127.0.0.1 and a random port: one bucket,
 * path-style addressing, AWS Signature Version 4 checked on every request. It does PutObject
 * (with `If-None-Match: *`), GetObject, HeadObject, DeleteObject and ListObjectsV2, and answers
 * errors with S3's codes and XML bodies.
 */
export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const region = options.region ?? 'us-east-1';
  const credentials = new Map([[options.accessKeyId, options.secretAccessKey]]);
  const bucket: FakeBucket = {
    name: options.bucket,
    objects: new Map(),
    pageSize: options.pageSize ?? 1000,
  };
  const requests: FakeS3Request[] = [];
  const failures: { status: number; code: string }[] = [];

  const route = (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: string,
    body: Buffer,
  ) => {
    const method = request.method ?? '';
    const [, bucketPart = '', ...keyParts] = path.split('/');
    let name: string;
    let key: string;
    try {
      name = decodeURIComponent(bucketPart);
      key = keyParts.map(decodeURIComponent).join('/');
    } catch {
      return sendError(response, method, 400, 'InvalidURI', "Couldn't parse the specified URI.");
    }
    if (name === '') {
      return sendError(
        response,
        method,
        501,
        'NotImplemented',
        'This fake serves one bucket, path-style.',
      );
    }
    if (name !== bucket.name) {
      return sendError(
        response,
        method,
        404,
        'NoSuchBucket',
        'The specified bucket does not exist',
        { BucketName: name },
      );
    }
    if (key !== '') return objectRequest(bucket, request, response, key, body);
    const params = new URLSearchParams(query);
    if (method === 'HEAD') return void response.writeHead(200).end();
    if (method === 'GET' && params.get('list-type') === '2')
      return listObjects(bucket, response, params);
    sendError(
      response,
      method,
      501,
      'NotImplemented',
      'Only ListObjectsV2 is implemented on the bucket.',
    );
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? '';
    const target = request.url ?? '/';
    const queryAt = target.indexOf('?');
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
    requests.push({ method, path, query });
    const body = await readBody(request);

    const failure = failures.shift();
    if (failure) {
      return sendError(
        response,
        method,
        failure.status,
        failure.code,
        'Failure injected by the test.',
      );
    }
    const refused = verifySigV4(
      { method, target, headers: request.headersDistinct, body },
      { credentials, region, now: new Date() },
    );
    if (refused) return sendError(response, method, refused.status, refused.code, refused.message);
    route(request, response, path, query, body);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        sendError(response, request.method ?? '', 500, 'InternalError', String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    objects: bucket.objects,
    keys: () => [...bucket.objects.keys()].sort(byBytes),
    requests,
    failNext(status, code, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push({ status, code });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
