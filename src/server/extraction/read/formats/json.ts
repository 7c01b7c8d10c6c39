import { AppError } from '../../../../shared/errors';
import { limitTableRows } from './csv';
import { decodeText } from '../decode-text';
import type { Block, Reader, ReaderInput, ReadLimits, ReadOutput } from '../types';

type JsonObject = Record<string, unknown>;

// A code block is rendered with a fence line before and after: "```\n" and "\n```".
const FENCE_LENGTH = 8;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRecordList = (value: unknown): value is JsonObject[] =>
  Array.isArray(value) && value.length > 0 && value.every(isObject);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    const lines = text.split('\n').filter((line) => line.trim());
    // JSON Lines: one record per line.
    if (lines.length > 1) {
      try {
        return lines.map((line) => JSON.parse(line) as unknown);
      } catch {
        // Not JSON Lines either: report the error of the whole text.
      }
    }
    const reason = cause instanceof Error ? cause.message : String(cause);
    const short = reason.length > 120 ? `${reason.slice(0, 117)}...` : reason;
    throw new AppError('FILE_PROCESSING_FAILED', {
      params: { message: `the file is not valid JSON: ${short}` },
      cause,
    });
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** Records → one table: the union of their keys in first-seen order, nested values as JSON. */
function recordsTable(records: JsonObject[], name: string | null, limits: ReadLimits) {
  const kept = records.slice(0, limits.maxTableRows);
  const header = [...new Set(kept.flatMap((record) => Object.keys(record)))];
  const allRows = kept.map((record) => header.map((key) => cellText(record[key])));
  const where = { hasMore: records.length > kept.length, name: name ? `"${name}"` : 'the file' };
  const { rows, warning } = limitTableRows({ header, rows: allRows }, limits, where);
  const block: Block = { kind: 'table', table: { name, source: 'json', header, rows } };
  return { block, warning };
}

/** Pretty-printed JSON as code, cut at a line end so that it fits the character limit. */
function codeBlock(value: unknown, limits: ReadLimits): { block: Block; warning: string | null } {
  const text = JSON.stringify(value, null, 2);
  const room = Math.max(limits.maxCharacters - FENCE_LENGTH, 0);
  if (text.length <= room) return { block: { kind: 'code', text }, warning: null };
  const lineEnd = text.lastIndexOf('\n', room);
  const cut = text.slice(0, lineEnd > 0 ? lineEnd : room);
  const warning = `The JSON was cut at ${cut.length} characters; the rest was not read.`;
  return { block: { kind: 'code', text: cut }, warning };
}

function splitObject(value: JsonObject, limits: ReadLimits) {
  const entries = Object.entries(value);
  const lists = entries.filter(([, item]) => isRecordList(item));
  if (lists.length === 0) return [codeBlock(value, limits)];
  const rest = Object.fromEntries(entries.filter(([, item]) => !isRecordList(item)));
  const tables = lists.map(([key, item]) => recordsTable(item as JsonObject[], key, limits));
  return Object.keys(rest).length > 0 ? [codeBlock(rest, limits), ...tables] : tables;
}

/** JSON.parse reads any depth, but writing deeply nested values back out overflows the stack. */
function tryToLay<T>(lay: () => T): T {
  try {
    return lay();
  } catch (cause) {
    if (!(cause instanceof RangeError)) throw cause;
    throw new AppError('FILE_PROCESSING_FAILED', {
      params: { message: 'the JSON is nested too deeply to read.' },
      cause,
    });
  }
}

/**
 * JSON. A list of records (at the root, or under top-level keys such as `{ "events": [...] }`)
 * becomes a table; the other top-level values, and any other JSON, are kept as code.
 */
function readJsonText({ bytes, limits }: ReaderInput): ReadOutput {
  const value = parseJson(decodeText(bytes).trim());
  const parts = tryToLay(() =>
    isRecordList(value)
      ? [recordsTable(value, null, limits)]
      : isObject(value)
        ? splitObject(value, limits)
        : [codeBlock(value, limits)],
  );
  return {
    blocks: parts.map((part) => part.block),
    title: null,
    warnings: parts.flatMap((part) => (part.warning ? [part.warning] : [])),
  };
}

// Synchronous work, run as a promise so that a failure is a rejection like every reader's.
export const readJson: Reader = (input) => Promise.resolve(input).then(readJsonText);
