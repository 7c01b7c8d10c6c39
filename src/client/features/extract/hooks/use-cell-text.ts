import { useCallback, useMemo } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../../shared/extraction';
import { foundText } from '../utils/cell-evidence';
import { displayText, numberFormats } from '../utils/number-format';
import type { TableReview } from '../utils/table-review';

/**
 * How the table writes a value: numbers in their column's format (the decimals the source shows,
 * grouped), everything else as it is.
 */
export function useCellText(
  columns: readonly ColumnDefinition[],
  rows: readonly ExtractedRow[],
  review?: TableReview,
) {
  const formats = useMemo(
    () =>
      numberFormats(columns, rows, review && ((index, column) => foundText(review, index, column))),
    [columns, rows, review],
  );
  return useCallback(
    (value: CellValue | undefined, column: string) => displayText(value, formats[column]),
    [formats],
  );
}
