// pdf.js inflates each compressed stream of a PDF (page contents, fonts, images) through
// DecompressionStream('deflate'), whole. Node's class sends every one through web streams and the
// libuv thread pool: about 0.25 ms a stream against 0.02 ms for zlib in the thread, with the
// reading thread idle in between (docs/decisions/014-pdf-reading-speed.md). In a reading thread,
// 'deflate' data is inflated in the thread once all of it has arrived:
// - data cut short (a damaged file) gives what it holds, as poppler reads it; Node's class and
//   pdf.js's own inflater refused it, and the page came out empty;
// - while a read's allowance is open (openInflateAllowance), a stream that would take the read
//   past it is left out and the read is told: a few kilobytes of PDF can inflate to gigabytes,
//   and pdf.js's own inflater, which it falls back on when a stream fails, knows no limit;
// - with no allowance open, past MAX_STREAM_BYTES or on data zlib refuses, the stream fails as
//   Node's would, and pdf.js decodes it with its own inflater.
// Other formats keep Node's streaming class (file-type's 'deflate-raw' and 'gzip' stop reading a
// bomb early).
import { constants, inflateSync } from 'node:zlib';

/**
 * The most one stream may inflate to: an image at the pixel limit of images (MAX_IMAGE_PIXELS)
 * in colour, an A4 page scanned at 600 dpi, fits.
 */
export const MAX_STREAM_BYTES = 128 * 1024 * 1024;

/** What took a read past its allowance: all its streams together, or one stream alone. */
export type InflateExcess = 'total' | 'stream';

type Allowance = { room: number; excess: InflateExcess | null };
const openAllowances = new Set<Allowance>();

export type InflateAllowance = {
  /** Set when a stream would have taken the read past a limit (and was left out). */
  readonly excess: InflateExcess | null;
  close(): void;
};

/**
 * Charges what streams inflate in this thread, from now until `close`, to a read allowed
 * `maxBytes` in all and MAX_STREAM_BYTES a stream. A thread runs one read at a time; were two
 * open at once, each would be charged for both, which can only stop them sooner.
 */
export function openInflateAllowance(maxBytes: number): InflateAllowance {
  const allowance: Allowance = { room: maxBytes, excess: null };
  openAllowances.add(allowance);
  return {
    get excess() {
      return allowance.excess;
    },
    close: () => openAllowances.delete(allowance),
  };
}

const isTooLarge = (error: unknown) =>
  error instanceof RangeError && 'code' in error && error.code === 'ERR_BUFFER_TOO_LARGE';

/** The inflated bytes, or null when they would exceed an open allowance. */
function inflate(data: Buffer): Uint8Array | null {
  const allowances = [...openAllowances];
  const room = Math.min(...allowances.map((allowance) => allowance.room));
  const limit = Math.max(1, Math.min(room, MAX_STREAM_BYTES));
  try {
    const inflated = inflateSync(data, {
      maxOutputLength: limit,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    for (const allowance of allowances) allowance.room -= inflated.length;
    return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.length);
  } catch (error) {
    if (allowances.length === 0 || !isTooLarge(error)) throw error;
    const excess = room < MAX_STREAM_BYTES ? 'total' : 'stream';
    for (const allowance of allowances) allowance.excess ??= excess;
    return null;
  }
}

const toBytes = (chunk: BufferSource): Uint8Array =>
  ArrayBuffer.isView(chunk)
    ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    : new Uint8Array(chunk);

function inflateWhenComplete(): TransformStream<BufferSource, Uint8Array> {
  const parts: Uint8Array[] = [];
  return new TransformStream({
    transform(chunk) {
      parts.push(toBytes(chunk));
    },
    flush(controller) {
      const inflated = inflate(Buffer.concat(parts));
      if (inflated) controller.enqueue(inflated);
    },
  });
}

let isInstalled = false;

/** From now on, DecompressionStream('deflate') in this thread inflates in the thread. */
export function inflateDeflateInThread() {
  if (isInstalled) return;
  isInstalled = true;
  const NodeDecompressionStream = globalThis.DecompressionStream;
  // A constructor that returns an object makes `new` give that object.
  function DecompressionStream(format: CompressionFormat) {
    return format === 'deflate' ? inflateWhenComplete() : new NodeDecompressionStream(format);
  }
  DecompressionStream.prototype = NodeDecompressionStream.prototype;
  globalThis.DecompressionStream = DecompressionStream as unknown as typeof NodeDecompressionStream;
}
