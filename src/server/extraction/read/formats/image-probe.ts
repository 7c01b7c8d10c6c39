import UTIF from 'utif2';

// An image's size, read from its header before anything is decoded: decoding allocates
// width × height × 4 bytes at once, so the size decides whether it may be decoded at all.

export type ImageSize = { width: number; height: number };

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** Width and height from the header, or null when the bytes are cut short or inconsistent. */
export function probeImage(bytes: Uint8Array, mimeType: string): ImageSize | null {
  try {
    switch (mimeType) {
      case 'image/png':
        return probePng(bytes);
      case 'image/jpeg':
        return probeJpeg(bytes);
      case 'image/gif':
        return walkGif(bytes)?.size ?? null;
      case 'image/webp':
        return probeWebp(bytes);
      case 'image/bmp':
        return probeBmp(bytes);
      case 'image/tiff':
        return probeTiff(bytes).size;
      default:
        return null;
    }
  } catch {
    return null;
  }
}

function probePng(bytes: Uint8Array): ImageSize | null {
  const tail = ascii(bytes, Math.max(0, bytes.length - 64), 64);
  if (ascii(bytes, 12, 4) !== 'IHDR' || !tail.includes('IEND')) return null;
  return { width: view(bytes).getUint32(16), height: view(bytes).getUint32(20) };
}

function probeJpeg(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  const tail = bytes.subarray(Math.max(0, bytes.length - 4096));
  const hasEnd = tail.some((byte, index) => byte === 0xff && tail[index + 1] === 0xd9);
  let offset = 2;
  while (hasEnd && offset + 9 < bytes.length && bytes[offset] === 0xff) {
    const marker = data.getUint8(offset + 1);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { width: data.getUint16(offset + 7), height: data.getUint16(offset + 5) };
    if (marker === 0xda) return null;
    offset += marker === 0xff ? 1 : 2 + data.getUint16(offset + 2);
  }
  return null;
}

/** Frames in a GIF (0 when the file is damaged): a model that takes GIFs wants a still image. */
export function countGifFrames(bytes: Uint8Array): number {
  try {
    return walkGif(bytes)?.frames ?? 0;
  } catch {
    return 0;
  }
}

/** Walks the GIF's blocks to its trailer, so a cut-off file is noticed. */
function walkGif(bytes: Uint8Array): { size: ImageSize; frames: number } | null {
  const colorTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const skipSubBlocks = (start: number) => {
    let offset = start;
    while (offset < bytes.length && bytes[offset] !== 0) offset += (bytes[offset] ?? 0) + 1;
    return offset + 1;
  };
  let offset = 13 + colorTableSize(bytes[10] ?? 0);
  let frames = 0;
  while (offset < bytes.length) {
    const introducer = bytes[offset];
    if (introducer === 0x3b) {
      const size = {
        width: view(bytes).getUint16(6, true),
        height: view(bytes).getUint16(8, true),
      };
      return { size, frames };
    }
    if (introducer === 0x21) {
      offset = skipSubBlocks(offset + 2);
    } else if (introducer === 0x2c) {
      frames += 1;
      offset = skipSubBlocks(offset + 11 + colorTableSize(bytes[offset + 9] ?? 0));
    } else {
      return null;
    }
  }
  return null;
}

function probeWebp(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  if (data.getUint32(4, true) + 8 > bytes.length) return null;
  const chunk = ascii(bytes, 12, 4);
  const uint24 = (at: number) => data.getUint16(at, true) + ((bytes[at + 2] ?? 0) << 16);
  if (chunk === 'VP8X') return { width: 1 + uint24(24), height: 1 + uint24(27) };
  if (chunk === 'VP8 ') {
    return { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
  }
  if (chunk !== 'VP8L') return null;
  const bits = data.getUint32(21, true);
  return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
}

function probeBmp(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  const headerSize = data.getUint32(14, true);
  const isCore = headerSize === 12;
  const width = isCore ? data.getUint16(18, true) : data.getInt32(18, true);
  const height = Math.abs(isCore ? data.getInt16(20, true) : data.getInt32(22, true));
  const bitsPerPixel = data.getUint16(isCore ? 24 : 28, true);
  const compression = isCore ? 0 : data.getUint32(30, true);
  const isUncompressed = compression === 0 || compression === 3;
  const rowBytes = Math.ceil((width * bitsPerPixel) / 32) * 4;
  const needed = isUncompressed
    ? data.getUint32(10, true) + rowBytes * height
    : data.getUint32(2, true);
  return needed <= bytes.length ? { width, height } : null;
}

export function probeTiff(bytes: Uint8Array): { size: ImageSize | null; ifd: UTIF.IFD | null } {
  const [ifd] = UTIF.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const first = (tag: string) => Number((ifd?.[tag] as number[] | undefined)?.[0] ?? 0);
  const numbers = (tag: string) => (ifd?.[tag] as number[] | undefined) ?? [];
  const offsets = [...numbers('t273'), ...numbers('t324')];
  const counts = [...numbers('t279'), ...numbers('t325')];
  const isComplete =
    offsets.length > 0 &&
    offsets.every((start, index) => start + (counts[index] ?? 0) <= bytes.length);
  if (!ifd || !isComplete) return { size: null, ifd: null };
  return { size: { width: first('t256'), height: first('t257') }, ifd };
}
