import { AppError } from '../../../shared/errors';

// Control characters never appear in real text, except tab, line feed, vertical tab, form feed,
// carriage return and escape (which coloured logs use). C1 controls count too: windows-1252
// leaves five bytes undefined, and they decode to C1 controls.
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);
const isBinaryCode = (code: number) =>
  (code < 0x20 && !ALLOWED_CONTROLS.has(code)) || (code >= 0x7f && code <= 0x9f);
const MAX_BINARY_SHARE = 0.05;
const SAMPLE_BYTES = 4096;

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

function bomEncoding(bytes: Uint8Array): { encoding: Encoding; skip: number } | null {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return null;
}

/**
 * UTF-16 without a byte order mark: in Latin-script text every other byte is zero. Returns the
 * byte order when one half of the sample is (nearly) all zeros and the other half is not.
 */
function guessBomlessUtf16(bytes: Uint8Array): Encoding | null {
  const length = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros >= pairs * 0.9 && evenZeros <= pairs * 0.1) return 'utf-16le';
  if (evenZeros >= pairs * 0.9 && oddZeros <= pairs * 0.1) return 'utf-16be';
  return null;
}

/**
 * Code units that real text does not hold: NUL and other controls, lone surrogates (a pair is an
 * emoji or a rare character), private use and the non-characters U+FFFE and U+FFFF.
 */
function countUnlikelyCodeUnits(codes: Uint16Array): number {
  let unlikely = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    const next = codes[i + 1] ?? 0;
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else if (isBinaryCode(code) || (code >= 0xd800 && code <= 0xf8ff) || code >= 0xfffe) unlikely++;
  }
  return unlikely;
}

/**
 * The byte order of bytes that are clearly UTF-16 text: a byte order mark or the zero-byte
 * pattern, and a sample that decodes to printable text (so audio that happens to start with
 * FF FE, or a binary file of 16-bit numbers, is not taken for text). Null otherwise.
 */
export function utf16TextEncoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const bom = bomEncoding(bytes);
  const encoding = bom ? bom.encoding : guessBomlessUtf16(bytes);
  if (encoding !== 'utf-16le' && encoding !== 'utf-16be') return null;
  const start = bom?.skip ?? 0;
  const sample = bytes.subarray(start, start + SAMPLE_BYTES);
  const view = new DataView(sample.buffer, sample.byteOffset, sample.byteLength);
  const codes = new Uint16Array(sample.byteLength >> 1);
  for (let i = 0; i < codes.length; i++) codes[i] = view.getUint16(i * 2, encoding === 'utf-16le');
  return countUnlikelyCodeUnits(codes) <= codes.length * MAX_BINARY_SHARE ? encoding : null;
}

// windows-1252 bytes 0x80-0x9F (Node 20's TextDecoder reads them as Latin-1 C1 controls).
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** Turns the C1 controls a windows-1252 decode leaves into the characters meant (€, ’, …). */
export function repairWindows1252(text: string): string {
  return text.replace(
    /[\u0080-\u009F]/g,
    (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char,
  );
}

function decodeWindows1252(bytes: Uint8Array): string {
  return repairWindows1252(new TextDecoder('latin1').decode(bytes));
}

function decodeUtf8OrWindows1252(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE_BYTES * 4);
  if (sample.includes('\u0000')) return true;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) if (isBinaryCode(sample.charCodeAt(i))) controls++;
  return controls / sample.length > MAX_BINARY_SHARE;
}

/**
 * Bytes of a text file → a string. UTF-8 (with or without BOM) and UTF-16 with a BOM are
 * recognised; bytes that are not valid UTF-8 are read as windows-1252, the usual encoding of
 * older Windows exports. Content that looks binary is refused with TEXT_FILE_UNREADABLE.
 */
export function decodeText(bytes: Uint8Array): string {
  const bom = bomEncoding(bytes);
  const encoding = bom?.encoding ?? guessBomlessUtf16(bytes);
  const body = bytes.subarray(bom?.skip ?? 0);
  let text: string;
  try {
    text =
      encoding && encoding !== 'utf-8'
        ? new TextDecoder(encoding, { ignoreBOM: true }).decode(body)
        : decodeUtf8OrWindows1252(body);
  } catch (cause) {
    throw new AppError('TEXT_FILE_UNREADABLE', { cause });
  }
  if (looksBinary(text)) throw new AppError('TEXT_FILE_UNREADABLE');
  return text;
}
