import { describe, expect, it } from 'vitest';
import {
  CAFE_MENU_TEXT,
  randomBytes,
  textWithNulBytes,
  utf16Bytes,
  windows1252Bytes,
} from '../../../../tests/fixtures/text-fixtures';
import { AppError } from '../../../shared/errors';
import { decodeText, utf16TextEncoding } from './decode-text';

const utf8 = (text: string) => new TextEncoder().encode(text);

function unreadable(bytes: Uint8Array): AppError {
  try {
    decodeText(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('decodeText accepted the bytes');
}

describe('decodeText', () => {
  it('reads UTF-8 with and without a byte order mark', () => {
    expect(decodeText(utf8(CAFE_MENU_TEXT))).toBe(CAFE_MENU_TEXT);
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('Total;12')]))).toBe('Total;12');
  });

  it('reads UTF-16 in both byte orders when the file starts with a byte order mark', () => {
    expect(decodeText(utf16Bytes(CAFE_MENU_TEXT, 'le'))).toBe(CAFE_MENU_TEXT);
    expect(decodeText(utf16Bytes(CAFE_MENU_TEXT, 'be'))).toBe(CAFE_MENU_TEXT);
  });

  it('recognises UTF-16 without a byte order mark from its zero bytes', () => {
    expect(decodeText(utf16Bytes('Invoice 2041, due 31 March', 'le').subarray(2))).toBe(
      'Invoice 2041, due 31 March',
    );
  });

  it('falls back to windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(windows1252Bytes(CAFE_MENU_TEXT))).toBe(CAFE_MENU_TEXT);
    expect(decodeText(Uint8Array.from([0x93, 0x48, 0x69, 0x94, 0x20, 0x85, 0x99, 0x8c]))).toBe(
      '“Hi” …™Œ',
    );
  });

  it('keeps text with the odd escape character, as terminal logs have', () => {
    expect(decodeText(utf8('\u001b[32mOK\u001b[0m deploy finished in 42 s\n'.repeat(3)))).toContain(
      'deploy finished',
    );
  });

  it('gives an empty string for an empty file', () => {
    expect(decodeText(new Uint8Array())).toBe('');
  });

  it('refuses random bytes and files with zero bytes as unreadable text', () => {
    for (const bytes of [randomBytes(), randomBytes(64, 7), textWithNulBytes()]) {
      const error = unreadable(bytes);
      expect(error.code).toBe('TEXT_FILE_UNREADABLE');
      expect(error.message).toBe('Failed to read text file');
    }
  });
});

describe('utf16TextEncoding', () => {
  it('recognises UTF-16 text by its byte order mark, emoji and accents included', () => {
    const text = 'Ticket 🎫 for 🎻 concert, café 🎉🎉🎉 — 12 €';
    expect(utf16TextEncoding(utf16Bytes(text, 'le'))).toBe('utf-16le');
    expect(utf16TextEncoding(utf16Bytes(text, 'be'))).toBe('utf-16be');
  });

  it('recognises UTF-16 without a byte order mark from its zero bytes', () => {
    expect(utf16TextEncoding(utf16Bytes('Invoice 2041, due 31 March', 'le').subarray(2))).toBe(
      'utf-16le',
    );
    expect(utf16TextEncoding(utf16Bytes('Invoice 2041, due 31 March', 'be').subarray(2))).toBe(
      'utf-16be',
    );
  });

  it('does not take binary data for UTF-16 text, even after FF FE', () => {
    expect(utf16TextEncoding(Uint8Array.from([0xff, 0xfe, ...randomBytes()]))).toBeNull();
    expect(utf16TextEncoding(utf8('plain UTF-8 text'))).toBeNull();
    const shorts = new Uint8Array(512).map((_, i) => (i % 2 === 0 ? i % 32 : 0));
    expect(utf16TextEncoding(shorts)).toBeNull();
  });
});
