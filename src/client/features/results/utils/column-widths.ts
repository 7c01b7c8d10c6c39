import type { ColumnDefinition } from '../../../../shared/columns';
import type { ExtractedRow } from '../../../../shared/extraction';

/** Widths in `ch`: text wraps (up to a few lines) past the widest, short values never do. */
export const COLUMN_WIDTH = { min: 6, maxText: 40, maxCompact: 28 } as const;

/** Room for the sort arrow beside a header's name. */
const HEADER_EXTRA = 3;
/** How many rows are measured: every row up to this many, else an even sample of them. */
const SAMPLE_ROWS = 2000;

function sampleIndices(count: number): number[] {
  if (count <= SAMPLE_ROWS) return Array.from({ length: count }, (_, index) => index);
  const step = count / SAMPLE_ROWS;
  return Array.from({ length: SAMPLE_ROWS }, (_, index) => Math.floor(index * step));
}

/** The length below which `share` of the lengths fall. */
function percentile(lengths: number[], share: number): number {
  if (lengths.length === 0) return 0;
  const sorted = [...lengths].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/**
 * A starting width per column that fits its content: a number, date or yes/no column as wide as
 * its widest value, a text column as wide as most of its values (a few long ones wrap instead
 * of widening the table), never narrower than its header.
 */
export function columnWidths(
  columns: readonly ColumnDefinition[],
  rows: readonly ExtractedRow[],
  text: (value: ExtractedRow[string] | undefined, column: string) => string,
): Record<string, number> {
  const sample = sampleIndices(rows.length);
  const widths: Record<string, number> = {};
  for (const column of columns) {
    const lengths = sample.map((index) => text(rows[index]?.[column.name], column.name).length);
    const isText = column.type === 'text';
    const content = isText
      ? Math.min(percentile(lengths, 0.9), COLUMN_WIDTH.maxText)
      : Math.min(Math.max(0, ...lengths), COLUMN_WIDTH.maxCompact);
    const header = Math.min(column.name.length, COLUMN_WIDTH.maxText) + HEADER_EXTRA;
    widths[column.name] = Math.max(COLUMN_WIDTH.min, content, header);
  }
  return widths;
}
