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

const CHUNK_BYTES = 256 * 1024;
const STRING_CHUNK = Buffer.alloc(CHUNK_BYTES, 'x');

/** A sign-in whose password is `bytes` long: one long string, the cheapest JSON to parse. */
function* passwordBody(bytes: number) {
  const head = Buffer.from('{"email":"someone@example.com","password":"');
  yield head;
  for (let sent = head.length; sent < bytes - 2;) {
    const chunk = STRING_CHUNK.subarray(0, Math.min(CHUNK_BYTES, bytes - 2 - sent));
    sent += chunk.length;
    yield chunk;
  }
  yield Buffer.from('"}');
}

const keyChunks: Buffer[] = [];
let nextKey = 0;

/**
 * The index-th 256 KB run of `"kN":1` pairs of `{"k0":1,"k1":1,…}`, made once: a test that
 * measures how quickly the server answers others shares the thread with this sender.
 */
function keyChunk(index: number): Buffer {
  while (keyChunks.length <= index) {
    const pairs: string[] = [];
    for (let length = 0; length < CHUNK_BYTES; nextKey += 1) {
      const pair = `${nextKey === 0 ? '{' : ','}"k${nextKey}":1`;
      pairs.push(pair);
      length += pair.length;
    }
    keyChunks.push(Buffer.from(pairs.join('')));
  }
  return keyChunks[index]!;
}

/** `{"k0":1,"k1":1,…}` of exactly `bytes` bytes: the costliest JSON to parse per byte. */
function* keysBody(bytes: number) {
  let sent = 0;
  let index = 0;
  for (; sent + keyChunk(index).length + 64 <= bytes; index += 1) {
    sent += keyChunk(index).length;
    yield keyChunk(index);
  }
  const room = keyChunk(index).subarray(0, Math.max(0, bytes - sent - 64));
  const cut = room.lastIndexOf(',');
  const whole = cut > 0 ? room.subarray(0, cut) : Buffer.alloc(0);
  yield whole;
  yield Buffer.from(`,"pad":"${'x'.repeat(bytes - sent - whole.length - 10)}"}`);
}

/**
 * POSTs a JSON body of `bytes` bytes (made as it is sent, never held whole) and resolves with the
 * server's answer as soon as it arrives, stopping the upload there. With `declareLength` the
 * request carries Content-Length; without it, the body is sent chunked. The body is a sign-in
 * with a long password, or with `shape: 'keys'` an object of many small keys.
 */
export function sendLargeBody(options: {
  url: string;
  path: string;
  bytes: number;
  declareLength: boolean;
  shape?: 'password' | 'keys';
  headers?: Record<string, string>;
}): Promise<LargeBodyAnswer> {
  const startedAt = performance.now();
  let bytesSent = 0;
  const pieces = options.shape === 'keys' ? keysBody(options.bytes) : passwordBody(options.bytes);
  async function* body() {
    for (const piece of pieces) {
      bytesSent += piece.length;
      yield piece;
      // Let the answer, once it comes, be seen before the next chunk is made.
      await new Promise((resolve) => setImmediate(resolve));
    }
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
