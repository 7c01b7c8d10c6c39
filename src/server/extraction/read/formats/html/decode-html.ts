// Bytes of a web page → its text, in the encoding the page declares.
import { repairWindows1252 } from '../../decode-text';

const SNIFF_BYTES = 2048;

function bomEncoding(bytes: Uint8Array): { encoding: string; skip: number } | null {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return null;
}

/** The charset a `<meta>` tag (or an XML declaration) names in the first bytes, if any. */
function declaredCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, SNIFF_BYTES));
  const meta = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w:.-]+)/i.exec(head);
  if (meta?.[1]) return meta[1];
  const xml = /^\s*<\?xml\b[^>]*\bencoding\s*=\s*["']([\w:.-]+)/i.exec(head);
  return xml?.[1] ?? null;
}

function charsetOfMimeType(mimeType: string | null | undefined): string | null {
  return /;\s*charset\s*=\s*["']?([\w:.-]+)/i.exec(mimeType ?? '')?.[1] ?? null;
}

/** The WHATWG name of a charset label, or null when TextDecoder does not know it. */
function encodingOf(label: string | null): string | null {
  if (!label) return null;
  try {
    const encoding = new TextDecoder(label).encoding;
    // A page cannot really be UTF-16 without a byte order mark (the HTML standard says the same).
    return encoding.startsWith('utf-16') ? 'utf-8' : encoding;
  } catch {
    return null;
  }
}

function decodeAs(bytes: Uint8Array, encoding: string): string {
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
  // Node 20 decodes windows-1252 bytes 0x80-0x9F as C1 controls.
  return encoding === 'windows-1252' ? repairWindows1252(text) : text;
}

/**
 * Decodes a page: a byte order mark wins, then the charset of the content type, then a `<meta>`
 * declaration in the first 2 KB. Without any, UTF-8 is tried, and bytes that are not valid UTF-8
 * are read as windows-1252 (what browsers do for old Western pages).
 */
export function decodeHtmlBytes(bytes: Uint8Array, mimeType?: string | null): string {
  const bom = bomEncoding(bytes);
  if (bom) return decodeAs(bytes.subarray(bom.skip), bom.encoding);
  const declared = encodingOf(charsetOfMimeType(mimeType)) ?? encodingOf(declaredCharset(bytes));
  if (declared) return decodeAs(bytes, declared);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeAs(bytes, 'windows-1252');
  }
}

const SAMPLE_CHARACTERS = 16_384;

/** Control characters that never appear in a page (tab, line breaks and escape excepted). */
function isBinaryCharacter(code: number): boolean {
  if (code === 0xfffd || code === 0x7f) return true;
  return (
    code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d && code !== 0x1b
  );
}

/** Random bytes are not a page: too many control or replacement characters in the text. */
export function looksLikeBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE_CHARACTERS);
  let count = 0;
  for (let i = 0; i < sample.length; i++) if (isBinaryCharacter(sample.charCodeAt(i))) count++;
  return count >= 4 && count / sample.length > 0.02;
}
