import type { ColumnType } from '../../shared/column-types';
import type { ColumnDefinition } from '../../shared/columns';
import type { CellValue, ExtractedRow } from '../../shared/extraction';

/*
 * Value coercion (SPEC.md section 5, plus what people really write). The rules and
 * examples are documented in docs/coercion-rules.md; keep the two in step.
 */
import { parseDate } from './coerce/parse-date';
import { parseNumber } from './coerce/parse-number';

export { parseDate, parseNumber };
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on', 't', '✓', '✔', '☑']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off', 'f', '✗', '✘', '☐']);

/** true/yes/1 and false/no/0 (SPEC.md section 5), also y/n, t/f, on/off and check marks; any case. */
export function parseBoolean(raw: string): boolean | null {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

function toText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw.trim();
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw === 'boolean') return String(raw);
  if (Array.isArray(raw)) {
    const parts = raw.map(toText).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(', ') : null;
  }
  if (typeof raw === 'object' && raw !== null) return JSON.stringify(raw);
  return null;
}

/** One cell from the model's JSON (or the offline extractor's strings) as its column's type; blank is null. */
export function coerceValue(raw: unknown, type: ColumnType): CellValue {
  if (type === 'number') {
    if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
    return typeof raw === 'string' ? parseNumber(raw) : null;
  }
  if (type === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : null;
    return typeof raw === 'string' ? parseBoolean(raw) : null;
  }
  if (type === 'date') {
    if (typeof raw === 'number') return Number.isInteger(raw) ? parseDate(String(raw)) : null;
    return typeof raw === 'string' ? parseDate(raw) : null;
  }
  return toText(raw);
}

function keyForm(name: string): string {
  return name.toLowerCase().replace(/[\s_\-.]+/g, '');
}

/** The raw key for each column: its exact name first, then a case/space/underscore-insensitive match. */
function matchKeys(raw: Record<string, unknown>, columns: ColumnDefinition[]): Map<string, string> {
  const keys = Object.keys(raw);
  const matched = new Map<string, string>();
  const used = new Set<string>();
  for (const column of columns) {
    if (!Object.hasOwn(raw, column.name)) continue;
    matched.set(column.name, column.name);
    used.add(column.name);
  }
  for (const column of columns) {
    if (matched.has(column.name)) continue;
    const key = keys.find(
      (candidate) => !used.has(candidate) && keyForm(candidate) === keyForm(column.name),
    );
    if (key === undefined) continue;
    matched.set(column.name, key);
    used.add(key);
  }
  return matched;
}

/** An own, enumerable cell even for a column named like an Object.prototype member ("__proto__"). */
function setCell(row: ExtractedRow, name: string, value: CellValue): void {
  Object.defineProperty(row, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * One row per SPEC.md section 5: values coerced to their column's type, extra keys dropped,
 * blank optional values omitted; the first (required) column is always present: 0 for a
 * number column, otherwise an empty string when its value is blank or invalid.
 */
export function coerceRow(raw: Record<string, unknown>, columns: ColumnDefinition[]): ExtractedRow {
  const keys = matchKeys(raw, columns);
  const row: ExtractedRow = {};
  columns.forEach((column, index) => {
    const key = keys.get(column.name);
    const value = key === undefined ? null : coerceValue(raw[key], column.type);
    if (value !== null) setCell(row, column.name, value);
    else if (index === 0) setCell(row, column.name, column.type === 'number' ? 0 : '');
  });
  return row;
}
