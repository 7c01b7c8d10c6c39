// Key-value records in a Document's text: lines such as `Invoice number: 123`, `Date - 2025-03-01`
// or `**Total:** 11.90` (also as list items). Rules:
// - Only paragraphs and lists are read; a heading, table or code block ends the current record.
// - Key-value lines in a row form one record, also across blank lines (separate paragraphs).
// - Any other line ends the record, and so does a key the record already has (the next
//   "Name: …/Email: …" block starts a new record).
import type { DocumentJson } from '../../../shared/document';
import { normalizeHeader } from './header-match';

export type KeyValue = { key: string; value: string };
export type KeyValueRecord = KeyValue[];

const LIST_MARKER = /^(?:[-*+]|\d{1,3}[.)])\s+/;
const EMPHASIS = /^(?:\*\*|__|\*|_)+|(?:\*\*|__|\*|_)+$/g;
const DASH_SEPARATOR = /\s[-–—]\s/;
const MAX_KEY_LENGTH = 40;
const MAX_KEY_WORDS = 6;

function isKey(key: string): boolean {
  if (key === '' || key.length > MAX_KEY_LENGTH) return false;
  if (!/^\p{L}/u.test(key) || /[|[\]()<>{}]|https?$/i.test(key)) return false;
  return key.split(/\s+/).length <= MAX_KEY_WORDS && normalizeHeader(key) !== '';
}

/** Where the key ends and the value starts: the first ": " (a colon inside 10:30 is not one). */
function findSeparator(text: string): { at: number; length: number } | null {
  const colon = /:(?:\*\*|__)?(?:\s|$)/.exec(text);
  if (colon) return { at: colon.index, length: colon[0].length };
  const dash = DASH_SEPARATOR.exec(text);
  return dash ? { at: dash.index, length: dash[0].length } : null;
}

/** A key and a non-empty value, or null when the line is not a key-value line. */
export function parseKeyValueLine(line: string): KeyValue | null {
  const text = line.trim().replace(LIST_MARKER, '');
  const separator = findSeparator(text);
  if (!separator) return null;
  const key = text.slice(0, separator.at).trim().replace(EMPHASIS, '').trim();
  const value = text
    .slice(separator.at + separator.length)
    .trim()
    .replace(EMPHASIS, '')
    .trim();
  if (!isKey(key) || value === '') return null;
  return { key, value };
}

/** The key-value records of the Document's text, in document order. */
export function findKeyValueRecords(
  document: Pick<DocumentJson, 'markdown' | 'segments'>,
): KeyValueRecord[] {
  const records: KeyValueRecord[] = [];
  let current: KeyValueRecord = [];
  let keys = new Set<string>();
  const flush = () => {
    if (current.length > 0) records.push(current);
    current = [];
    keys = new Set();
  };
  for (const segment of document.segments) {
    if (segment.kind !== 'paragraph' && segment.kind !== 'list') {
      flush();
      continue;
    }
    for (const line of document.markdown.slice(segment.start, segment.end).split('\n')) {
      if (line.trim() === '') continue;
      const pair = parseKeyValueLine(line);
      if (!pair) {
        flush();
        continue;
      }
      const key = normalizeHeader(pair.key);
      if (keys.has(key)) flush();
      current.push(pair);
      keys.add(key);
    }
  }
  flush();
  return records;
}
