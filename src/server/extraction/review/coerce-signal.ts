// "Reshaped to fit its type": what the model (or the table) gave, against the value kept. A value
// that could not take its column's type is lost (or, in the required first column, replaced by 0
// or an empty string): the cell is flagged with what was given. A date whose day and month could
// be read either way, and a list joined into text, are only a little doubtful.
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellValue } from '../../../shared/extraction';
import { isBlankMark, quote, signal, WEIGHTS, type Signal } from './signals';

const TYPE_NAMES = {
  number: 'a number',
  date: 'a date',
  boolean: 'yes or no',
  text: 'text',
} as const;
/** 03/04/2024: both first numbers could be a month. */
const NUMERIC_DATE = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})\b/;

function givenText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw.trim() || null;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (Array.isArray(raw) || (typeof raw === 'object' && raw !== null)) return JSON.stringify(raw);
  return null;
}

function isAmbiguousDate(raw: string): boolean {
  const match = NUMERIC_DATE.exec(raw);
  if (!match) return false;
  const [first, second] = [Number(match[1]), Number(match[2])];
  return first !== second && first <= 12 && second <= 12;
}

/** What the coercion of one cell says about it, or null when the value was taken as given. */
export function coerceSignal(
  column: ColumnDefinition,
  raw: unknown,
  value: CellValue | undefined,
  isRequired: boolean,
): Signal | null {
  const given = givenText(raw);
  if (given === null || isBlankMark(given)) return null;
  const isStandIn = isRequired && (value === 0 || value === '') && column.type !== 'text';
  if (value === null || value === undefined || isStandIn) {
    return signal(
      'invalid',
      WEIGHTS.invalid,
      `${quote(given)} could not be read as ${TYPE_NAMES[column.type]}.`,
    );
  }
  if (column.type === 'date' && typeof raw === 'string' && isAmbiguousDate(raw)) {
    return signal(
      'coerced',
      WEIGHTS.ambiguousDate,
      `Read as ${String(value)} from ${quote(given)}; its day and month could be the other way round.`,
    );
  }
  if (column.type === 'text' && typeof raw === 'object' && raw !== null) {
    return signal('coerced', WEIGHTS.coerced, `Joined into text from ${quote(given)}.`);
  }
  return null;
}
