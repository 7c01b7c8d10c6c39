import { request } from 'node:http';
import { Readable } from 'node:stream';

export type LargeBodyAnswer = {
  status: number;
  contentType: string | undefined;
  body: string;
  /** How much of the body had been handed to the socket when the answer came. */
  bytesSent: number;
  elapsedMs: number;
};

const CHUNK = Buffer.alloc(256 * 1024, 'x');

/**
 * POSTs a JSON body of `bytes` bytes (made as it is sent, never held whole) and resolves with the
 * server's answer as soon as it arrives, stopping the upload there. With `declareLength` the
 * request carries Content-Length; without it, the body is sent chunked.
 */
export function sendLargeBody(options: {
  url: string;
  path: string;
  bytes: number;
  declareLength: boolean;
  headers?: Record<string, string>;
}): Promise<LargeBodyAnswer> {
  const startedAt = performance.now();
  let bytesSent = 0;
  const head = Buffer.from('{"email":"someone@example.com","password":"');
  async function* body() {
    yield head;
    bytesSent += head.length;
    while (bytesSent < options.bytes - 2) {
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, options.bytes - 2 - bytesSent));
      bytesSent += chunk.length;
      yield chunk;
      // Let the answer, once it comes, be seen before the next chunk is made.
      await new Promise((resolve) => setImmediate(resolve));
    }
    bytesSent += 2;
    yield Buffer.from('"}');
  }
  const url = new URL(options.path, options.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.declareLength ? { 'content-length': String(options.bytes) } : {}),
        ...options.headers,
      },
    });
    const source = Readable.from(body());
    let isAnswered = false;
    outgoing.on('response', (response) => {
      isAnswered = true;
      const sentWhenAnswered = bytesSent;
      source.destroy();
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
          bytesSent: sentWhenAnswered,
          elapsedMs: performance.now() - startedAt,
        }),
      );
      response.on('error', reject);
    });
    // The server may close the connection while the body is still being written; that is a
    // failure only when no answer follows.
    outgoing.on('error', (error) => {
      setTimeout(() => {
        if (!isAnswered) reject(error);
      }, 1000);
    });
    source.pipe(outgoing);
  });
}
