// A person's value for a cell, coerced to its column's type by the same rules as extracted values
// (coerce.ts, docs/coercion-rules.md), or refused with words that say what the column takes.
import type { ColumnType } from '../../../shared/column-types';
import type { ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import type { CellValue } from '../../../shared/extraction';
import { coerceValue } from '../coerce';

const HINTS: Record<ColumnType, string> = {
  text: 'any text',
  number: 'write it like 1234.5, 1,234.50, -12 or (12.00)',
  date: 'write it like 2024-03-31, 31/03/2024 or 31 March 2024',
  boolean: 'write yes or no, true or false',
};

/**
 * The value a correction stores: coerced to the column's (or document field's) type. Empty (null
 * or blank text) empties the cell, except in the first column, which every row has: it gets the
 * stand-in extraction gives a blank (0 for a number, else empty text).
 */
export function correctionValue(
  value: CellValue,
  column: ColumnDefinition,
  isRequired: boolean,
  kind: 'column' | 'field' = 'column',
): CellValue {
  const isBlank = value === null || (typeof value === 'string' && value.trim() === '');
  if (isBlank) return isRequired ? (column.type === 'number' ? 0 : '') : null;
  const coerced = coerceValue(value, column.type);
  if (coerced !== null) return coerced;
  throw new AppError('CORRECTION_VALUE_INVALID', {
    params: {
      kind,
      column: column.name,
      type: column.type,
      value: JSON.stringify(value),
      hint: HINTS[column.type],
    },
  });
}
