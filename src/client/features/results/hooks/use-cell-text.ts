import { useCallback, useMemo } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../../shared/extraction';
import { fieldSourceText, foundText } from '../utils/cell-evidence';
import { displayText, numberFormats } from '../utils/number-format';
import { FIELDS_ROW, type TableReview } from '../utils/table-review';

/**
 * How the table writes a value: numbers in their column's format (the decimals the source shows,
 * grouped), everything else as it is. A document's fields (on FIELDS_ROW) get their own formats
 * the same way, so a field and a cell of the same amount read alike.
 */
export function useCellText(
  columns: readonly ColumnDefinition[],
  rows: readonly ExtractedRow[],
  review?: TableReview,
  fields: readonly ColumnDefinition[] = [],
) {
  const formats = useMemo(() => {
    const ofColumns = numberFormats(
      columns,
      rows,
      review && ((index, column) => foundText(review, index, column)),
    );
    if (!review || fields.length === 0) return ofColumns;
    // A field is one value: its format comes from how the source wrote the value extracted
    // (a subtotal read from "106.00" and corrected to 96 shows as 96.00) and the value shown.
    const extracted = Object.fromEntries(
      fields.map(({ name }) => [name, review.extracted(FIELDS_ROW, name) ?? null] as const),
    );
    const ofFields = numberFormats(fields, [extracted, review.fieldValues], (index, field) =>
      index === 0
        ? fieldSourceText(review.origin(FIELDS_ROW)?.document.detail ?? null, field)
        : null,
    );
    return { ...ofColumns, ...ofFields };
  }, [columns, rows, review, fields]);
  return useCallback(
    (value: CellValue | undefined, column: string) => displayText(value, formats[column]),
    [formats],
  );
}
