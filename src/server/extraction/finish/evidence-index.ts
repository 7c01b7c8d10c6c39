// Indexes over a Document's Markdown for evidence.ts, built once per extraction so that finding
// a value costs about the distance to its next occurrence, not a scan of the whole text:
// - a folded copy of the text (lower case, whitespace collapsed, `\|` read as `|`) mapped back
//   to the original offsets, for normalised matches;
// - number-like and date-like tokens keyed by their parsed value (parseNumber, parseDate), so
//   8.5 finds "8.50" and 2024-03-01 finds "1 March 2024";
// - the segments' starts, for the page of a span.
import type { Segment } from '../../../shared/document';
import { parseDate, parseNumber } from '../coerce';

export type Span = { start: number; end: number };

export type TextIndex = {
  text: string;
  folded: string;
  /** For each folded character: where it starts and ends in `text`. */
  foldedStart: Int32Array;
  foldedEnd: Int32Array;
  numbers: Map<number, Span[]>;
  dates: Map<string, Span[]>;
  segments: Segment[];
};

const WORD_CHAR = /[\p{L}\p{N}]/u;
const NUMBER_TOKEN = /\(?[-−+]?[$€£¥]?\d(?:[\d,.']*\d)?%?\)?/g;
/** "1 234,56": thousands grouped by spaces, read as one number besides its parts. */
const SPACED_NUMBER_TOKEN = /\d{1,3}(?: \d{3})+(?:[.,]\d+)?/g;
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINAL = '(?:st|nd|rd|th)?';
export const DATE_TOKEN = new RegExp(
  [
    String.raw`\d{4}([-/.])\d{1,2}\1\d{1,2}`,
    String.raw`\d{1,2}([-/.])\d{1,2}\2\d{2,4}`,
    String.raw`\d{1,2}${ORDINAL}(?:\s+of)?[\s-]+${MONTH}\.?,?[\s-]+\d{2,4}`,
    String.raw`${MONTH}\.?\s+\d{1,2}${ORDINAL},?\s+\d{4}`,
    String.raw`\d{4}\s+${MONTH}\.?\s+\d{1,2}`,
  ].join('|'),
  'gi',
);

/** A letter or digit (ASCII answered without a regular expression: this runs per candidate). */
export function isWordChar(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  return WORD_CHAR.test(char);
}
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** A token glued to what comes before it ("INV-2041", the "03" of "2024-03-01") is no number. */
function isCompound(text: string, start: number): boolean {
  const before = text[start - 1];
  if (isWordChar(before)) return true;
  return (before === '/' || before === '.' || before === ':') && isDigit(text[start - 2]);
}

function addSpan<K>(map: Map<K, Span[]>, key: K, span: Span) {
  const spans = map.get(key);
  if (spans) spans.push(span);
  else map.set(key, [span]);
}

function indexTokens<K>(
  text: string,
  patterns: RegExp[],
  parse: (token: string) => K | null,
): Map<K, Span[]> {
  const map = new Map<K, Span[]>();
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      if (isCompound(text, start)) continue;
      const token = match[0];
      const key = parse(token);
      if (key !== null) addSpan(map, key, { start, end: start + token.length });
    }
  }
  for (const spans of map.values()) spans.sort((a, b) => a.start - b.start);
  return map;
}

/** Numbers as map keys: 0.1 + 0.2 and "0.30" are the same value. */
export const numberKey = (value: number) => Number(value.toPrecision(12));

/** A number token; "(3" of "(3 items)" is read without its unmatched parenthesis. */
function parseNumberToken(token: string): number | null {
  const value = parseNumber(token) ?? parseNumber(token.replace(/^\(|\)$/g, ''));
  return value === null ? null : numberKey(value);
}

/** The folding used for normalised matches: lower case, single spaces, `\|` as `|`. */
export function foldText(value: string): string {
  return value.replace(/\\\|/g, '|').replace(/\s+/g, ' ').trim().toLowerCase();
}

const isSpace = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029;

/** One pass over the text: the folded characters and, for each, its span in the text. */
function foldWithOffsets(text: string) {
  const lower = text.toLowerCase();
  const isSameLength = lower.length === text.length;
  const codes = new Uint16Array(text.length);
  const foldedStart = new Int32Array(text.length);
  const foldedEnd = new Int32Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let end = i + 1;
    let folded = isSameLength ? lower.charCodeAt(i) : code;
    if (isSpace(code)) {
      while (end < text.length && isSpace(text.charCodeAt(end))) end++;
      folded = 32;
    } else if (code === 92 && text.charCodeAt(i + 1) === 124) {
      end = i + 2;
      folded = 124;
    }
    codes[length] = folded;
    foldedStart[length] = i;
    foldedEnd[length] = end;
    length++;
    i = end - 1;
  }
  let folded = '';
  for (let at = 0; at < length; at += 8192)
    folded += String.fromCharCode(...codes.subarray(at, Math.min(at + 8192, length)));
  return {
    folded,
    foldedStart: foldedStart.subarray(0, length),
    foldedEnd: foldedEnd.subarray(0, length),
  };
}

export function buildTextIndex(text: string, segments: Segment[]): TextIndex {
  const numbers = indexTokens(text, [NUMBER_TOKEN, SPACED_NUMBER_TOKEN], parseNumberToken);
  const dates = indexTokens(text, [DATE_TOKEN], parseDate);
  const sorted = [...segments].sort((a, b) => a.start - b.start);
  return { text, ...foldWithOffsets(text), numbers, dates, segments: sorted };
}

/** The page of the segment holding `offset` (or the nearest one before it). */
export function pageAt(index: TextIndex, offset: number): number | null {
  let low = 0;
  let high = index.segments.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((index.segments[middle]?.start ?? 0) <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return index.segments[Math.max(found, 0)]?.page ?? null;
}

/** In `spans` (sorted), the first starting at or after `from`, else the last before it. */
export function nearestSpan(spans: Span[], from: number, isForward: boolean): Span | null {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((spans[middle]?.start ?? 0) < from) low = middle + 1;
    else high = middle;
  }
  return (isForward ? spans[low] : spans[low - 1]) ?? null;
}
