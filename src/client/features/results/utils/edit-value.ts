import type { ColumnType } from '../../../../shared/column-types';
import type { CellValue } from '../../../../shared/extraction';

/** A value typed into the review's edit field, as its column's type, or why it cannot be. */
export type EditedValue = { ok: true; value: CellValue } | { ok: false; message: string };

export const EDIT_MESSAGES = {
  number: 'Enter a number, like 1234.56 or -12.',
  date: 'Enter a date as YYYY-MM-DD, like 2026-03-01.',
  boolean: 'Enter yes or no.',
} as const;

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function number(text: string): number | null {
  // "1,234.50", "$ 12", "(45.00)" as a negative: the ways a number is written in a table.
  const isBracketed = /^\(.*\)$/.test(text);
  const bare = text.replace(/^\(|\)$/g, '').replace(/[\s,$€£]/g, '');
  if (!NUMBER.test(bare)) return null;
  const value = Number(bare);
  return isBracketed ? -Math.abs(value) : value;
}

function date(text: string): string | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text) ? text : null;
}

function yesNo(text: string): boolean | null {
  const word = text.toLowerCase();
  if (['yes', 'true', 'y'].includes(word)) return true;
  if (['no', 'false', 'n'].includes(word)) return false;
  return null;
}

/**
 * The value typed for a cell of a `type` column: a blank is no value; numbers, dates (as
 * YYYY-MM-DD) and yes/no must read as one. The server coerces a saved correction the same way.
 */
export function editedValue(type: ColumnType, typed: string): EditedValue {
  const text = typed.trim();
  if (text === '') return { ok: true, value: null };
  if (type === 'text') return { ok: true, value: text };
  const value = type === 'number' ? number(text) : type === 'date' ? date(text) : yesNo(text);
  return value === null ? { ok: false, message: EDIT_MESSAGES[type] } : { ok: true, value };
}

/** What the edit field starts with: the value as typed back (numbers without grouping). */
export function editableText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}
