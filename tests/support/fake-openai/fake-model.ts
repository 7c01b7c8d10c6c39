import {
  CONTINUE_MARKER,
  DOCUMENT_CLOSE,
  DOCUMENT_OPEN,
} from '../../../src/server/extraction/extract/prompt';
import { recordsIn, type SourceRecord } from './document-records';
import { answerFields, fieldsOf } from './document-fields';
import { plantErrors, type PlantedError } from './planted-errors';
import { textOf, type FakeBehavior, type FakeChatRequest } from './types';

type Row = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The requested columns: from the json_schema's row properties, else the prompt's Columns list. */
export function columnsOf(request: FakeChatRequest, prompt: string): string[] {
  const schema = request.response_format?.json_schema?.schema;
  const data = isRecord(schema?.properties) ? schema.properties.data : undefined;
  const items = isRecord(data) ? data.items : undefined;
  if (isRecord(items) && isRecord(items.properties)) return Object.keys(items.properties);
  const list = /Columns:\n((?:- .*(?:\n|$))+)/.exec(prompt)?.[1] ?? '';
  return [...list.matchAll(/^- (.+?) \((?:text|number|date|boolean)[^)]*\)/gm)].map(
    (m) => m[1] ?? '',
  );
}

/** The last user message that carries a document, and the document between the markers. */
function documentOf(request: FakeChatRequest): { prompt: string; document: string } {
  const users = request.messages.filter((message) => message.role === 'user').map(textOf);
  const prompt = users.findLast((text) => text.includes(DOCUMENT_OPEN)) ?? users.at(-1) ?? '';
  const start = prompt.indexOf(DOCUMENT_OPEN);
  const end = prompt.lastIndexOf(DOCUMENT_CLOSE);
  if (start === -1 || end < start) return { prompt, document: '' };
  return { prompt, document: prompt.slice(start + DOCUMENT_OPEN.length, end) };
}

/** The JSON object that starts at `from`, read by balancing braces outside strings. */
function objectAt(text: string, from: number): unknown {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return JSON.parse(text.slice(from, i + 1)) as unknown;
  }
  return undefined;
}

/** The row a continuation names: an assistant answer followed by a user "Continue after" line. */
function continuationRow(request: FakeChatRequest): Row | null {
  const { messages } = request;
  for (let i = messages.length - 1; i > 0; i -= 1) {
    const text = textOf(messages[i] ?? { role: '', content: '' });
    const at = text.indexOf(CONTINUE_MARKER);
    if (messages[i]?.role !== 'user' || messages[i - 1]?.role !== 'assistant' || at === -1)
      continue;
    const row = objectAt(text, text.indexOf('{', at));
    return isRecord(row) ? row : null;
  }
  return null;
}

function toRow(record: SourceRecord, columns: string[]): Row | null {
  const byHeader = new Map(Object.entries(record).map(([key, value]) => [normalise(key), value]));
  const row = Object.fromEntries(
    columns.map((column) => [column, byHeader.get(normalise(column))?.trim() || null]),
  );
  return Object.values(row).some((value) => value !== null) ? row : null;
}

const textOfValue = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === null || value === undefined
      ? ''
      : JSON.stringify(value);
const sameValue = (a: unknown, b: unknown) =>
  normalise(textOfValue(a)) === normalise(textOfValue(b));

function rowsAfter(rows: Row[], last: Row | null): Row[] {
  if (!last) return rows;
  const index = rows.findIndex((row) =>
    Object.keys(last).every((key) => sameValue(row[key], last[key])),
  );
  return index === -1 ? rows : rows.slice(index + 1);
}

function shape(row: Row, behavior: FakeBehavior): Row {
  const numbers = Object.entries(row).map(([key, value]): [string, unknown] => {
    const isNumeric = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
    return [key, behavior.numbers === 'raw' && isNumeric ? Number(value) : value];
  });
  const extra = behavior.extraKeys === true ? { confidence: 'high' } : behavior.extraKeys || {};
  return { ...Object.fromEntries(numbers), ...extra };
}

/**
 * The deterministic "model": every record of the document mapped to the requested columns by
 * case-insensitive header name, as {"data": [...]}, continuing after a named row when asked;
 * with wrong values planted when the behaviour asks for them. Asked for the document's fields
 * too, it answers {"fields": {...}, "data": [...]} (document-fields.ts).
 */
export function modelAnswer(
  request: FakeChatRequest,
  behavior: FakeBehavior,
): { text: string; planted: PlantedError[] } {
  const { prompt, document } = documentOf(request);
  const columns = columnsOf(request, prompt);
  const read = recordsIn(document)
    .map((record) => toRow(record, columns))
    .filter((row): row is Row => row !== null);
  const { rows, planted } = behavior.plant
    ? plantErrors(read, behavior.plant, document)
    : { rows: read, planted: [] };
  const data = rowsAfter(rows, continuationRow(request)).map((row) => shape(row, behavior));
  const fieldNames = fieldsOf(request, prompt);
  if (fieldNames.length === 0) return { text: JSON.stringify({ data }), planted };
  const answered = answerFields({ names: fieldNames, document, prompt, behavior });
  const fields = shape(answered.fields, behavior);
  const text = JSON.stringify(columns.length > 0 ? { fields, data } : { fields });
  return { text, planted: [...planted, ...answered.planted] };
}
