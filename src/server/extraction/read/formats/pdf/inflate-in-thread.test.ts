import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repeatedDeflate } from '../../../../../../tests/fixtures/zip-writer';
import {
  MAX_STREAM_BYTES,
  inflateDeflateInThread,
  openInflateAllowance,
} from './inflate-in-thread';

const NodeDecompressionStream = globalThis.DecompressionStream;
inflateDeflateInThread();

/** Writes `bytes` whole, as pdf.js does, and reads the stream to its end. */
async function decompress(
  format: CompressionFormat,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Buffer> {
  const { readable, writable } = new DecompressionStream(format);
  const writer = writable.getWriter();
  writer
    .write(bytes)
    .then(() => writer.close())
    .catch(() => {}); // the readable side reports the failure
  const chunks: Uint8Array[] = [];
  for await (const chunk of readable) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const MB = 1024 * 1024;

/** zlib data of `megabytes` MB of spaces, made without holding them. */
const spaces = (megabytes: number) =>
  Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    repeatedDeflate(Buffer.alloc(MB, 0x20), megabytes),
    Buffer.alloc(4),
  ]);

const text = Buffer.from('BT /F1 10 Tf 50 750 Td (Payment 1234 to supplier) Tj ET\n'.repeat(500));

describe('DecompressionStream in a reading thread', () => {
  it("inflates 'deflate' data whole", async () => {
    expect(await decompress('deflate', deflateSync(text))).toEqual(text);
  });

  it('gives what data cut short holds', async () => {
    const whole = deflateSync(text);
    const part = await decompress('deflate', whole.subarray(0, whole.length >> 1));

    expect(part.length).toBeGreaterThan(0);
    expect(text.subarray(0, part.length)).toEqual(part);
  });

  it('fails on data that is not deflate, as Node’s own does', async () => {
    await expect(decompress('deflate', Buffer.from('not compressed at all'))).rejects.toThrow();
  });

  it('fails past its cap rather than holding more', async () => {
    await expect(decompress('deflate', spaces(MAX_STREAM_BYTES / MB + 1))).rejects.toThrow();
  });

  it('charges an open allowance, and leaves out a stream that would pass it', async () => {
    const part = deflateSync(Buffer.alloc(600 * 1024, 0x20));
    const allowance = openInflateAllowance(1024 * 1024);
    try {
      expect((await decompress('deflate', part)).length).toBe(600 * 1024);
      expect(allowance.excess).toBeNull();

      expect((await decompress('deflate', part)).length).toBe(0);
      expect(allowance.excess).toBe('total');
    } finally {
      allowance.close();
    }
    expect((await decompress('deflate', part)).length).toBe(600 * 1024);
  });

  it('leaves out one stream past its cap while an allowance is open', async () => {
    const allowance = openInflateAllowance(4 * MAX_STREAM_BYTES);
    try {
      expect((await decompress('deflate', spaces(MAX_STREAM_BYTES / MB + 1))).length).toBe(0);
      expect(allowance.excess).toBe('stream');
    } finally {
      allowance.close();
    }
  });

  it('leaves other formats to Node’s streaming class', async () => {
    expect(new DecompressionStream('gzip')).toBeInstanceOf(NodeDecompressionStream);
    expect(await decompress('gzip', gzipSync(text))).toEqual(text);
    expect(await decompress('deflate-raw', deflateRawSync(text))).toEqual(text);
  });
});
