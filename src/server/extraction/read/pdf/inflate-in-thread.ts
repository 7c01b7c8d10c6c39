// pdf.js inflates each compressed stream of a PDF (page contents, fonts, images) through
// DecompressionStream('deflate'), whole. Node's class sends every one through web streams and the
// libuv thread pool: about 0.25 ms a stream against 0.02 ms for zlib in the thread, with the
// reading thread idle in between (docs/decisions/014-pdf-reading-speed.md). In a reading thread,
// 'deflate' data is inflated in the thread once all of it has arrived:
// - data cut short (a damaged file) gives what it holds, as poppler reads it; Node's class and
//   pdf.js's own inflater refused it, and the page came out empty;
// - past a cap, or on data zlib refuses, the stream errors as Node's would, and pdf.js decodes it
//   with its own inflater, as it did before.
// Other formats keep Node's streaming class (file-type's 'deflate-raw' and 'gzip' stop reading a
// bomb early).
import { constants, inflateSync } from 'node:zlib';

/** The most one stream may inflate to here; pdf.js's own inflater takes larger ones. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

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
      const inflated = inflateSync(Buffer.concat(parts), {
        maxOutputLength: MAX_INFLATED_BYTES,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      controller.enqueue(new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.length));
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
