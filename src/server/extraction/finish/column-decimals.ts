// The decimals each number column is written with in the source (issue 20 point 9), so exports
// can write 12.50 where coercion made it 12.5. Read from the raw text the model or the offline
// extractor gave for the cell; where that was a JSON number (12.5, its zeros already gone), from
// the passage the value was found in; failing both, from the value itself.
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow } from '../../../shared/extraction';
import { valueDecimals, type ColumnDecimals } from '../../../shared/number-decimals';
import { parseNumberParts } from '../coerce/parse-number';
import type { RowEvidence } from './evidence';
import { rawValue } from './evidence';

function writtenDecimals(text: string | null, value: number): number | null {
  if (text === null) return null;
  const parts = parseNumberParts(text) ?? parseNumberParts(text.replace(/^\(|\)$/g, ''));
  if (!parts || Math.abs(Math.abs(parts.value) - Math.abs(value)) > 1e-9 * Math.abs(value))
    return null;
  return parts.decimals;
}

/**
 * For each number column that has a number: the most decimals any of its values was written
 * with. `raws` and `evidence` are parallel to `rows`.
 */
export function columnDecimals(options: {
  columns: readonly ColumnDefinition[];
  rows: readonly ExtractedRow[];
  raws: readonly (Record<string, unknown> | undefined)[];
  evidence: readonly (RowEvidence | undefined)[];
  sourceText: string;
}): ColumnDecimals {
  const decimals: Record<string, number> = {};
  for (const column of options.columns) {
    if (column.type !== 'number') continue;
    let most: number | null = null;
    options.rows.forEach((row, index) => {
      const value = row[column.name];
      if (typeof value !== 'number') return;
      const raw = rawValue(options.raws[index], column.name);
      const span = options.evidence[index]?.[column.name];
      const found =
        (typeof raw === 'string' ? writtenDecimals(raw.trim(), value) : null) ??
        (span ? writtenDecimals(options.sourceText.slice(span.start, span.end), value) : null) ??
        valueDecimals(value);
      most = Math.max(most ?? 0, found);
    });
    if (most !== null)
      Object.defineProperty(decimals, column.name, {
        value: most,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return decimals;
}
