import { useCallback, useMemo, useState } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { ExtractedRow } from '../../../../shared/extraction';
import { columnWidths } from '../utils/column-widths';

type CellText = Parameters<typeof columnWidths>[2];

/** A cell's padding and the header's sort arrow, beside the text itself. */
const PADDING_REM = 1.75;
/** About one `ch` of the table's text, to announce a fitted width in pixels. */
const CH_PX = 7.5;

/**
 * Column widths for the result table: fitted to the content at first, then as the user drags or
 * arrows each column's edge. The table is as wide as its columns, and at least its box.
 */
export function useColumnWidths(
  columns: readonly ColumnDefinition[],
  rows: readonly ExtractedRow[],
  text: CellText,
) {
  const fitted = useMemo(() => columnWidths(columns, rows, text), [columns, rows, text]);
  const [resized, setResized] = useState<Record<string, number>>({});

  const resize = useCallback(
    (column: string, width: number) => setResized((current) => ({ ...current, [column]: width })),
    [],
  );
  const widthOf = (column: string): string => {
    const pixels = resized[column];
    return pixels === undefined
      ? `calc(${fitted[column] ?? 10}ch + ${PADDING_REM}rem)`
      : `${pixels}px`;
  };
  const pixelsOf = (column: string): number =>
    resized[column] ?? Math.round((fitted[column] ?? 10) * CH_PX + PADDING_REM * 16);

  let characters = 0;
  let padding = 0;
  let pixels = 0;
  for (const { name } of columns) {
    const width = resized[name];
    if (width === undefined) {
      characters += fitted[name] ?? 10;
      padding += PADDING_REM;
    } else pixels += width;
  }
  const tableWidth = `calc(${characters}ch + ${padding}rem + ${pixels}px)`;
  return { widthOf, pixelsOf, resize, tableWidth };
}
