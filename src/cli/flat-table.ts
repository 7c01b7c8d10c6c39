// The flat view of records on the command line (issue 31 point 7): one row per line item with
// the document's fields repeated in front, one row of fields alone for a document without line
// items (or a run without columns). A run without fields prints its rows as before.
import type { ColumnDefinition } from '../shared/columns';
import { isTableStatus, tableRows } from '../shared/combined-table';
import type { ExtractedRow, ExtractionResult } from '../shared/extraction';
import type { RowCells } from '../shared/review';

/** The flat table's columns: the fields, then the line items' columns. */
export function flatColumns(definition: {
  fields: readonly ColumnDefinition[];
  columns: readonly ColumnDefinition[];
}): ColumnDefinition[] {
  return [...definition.fields, ...definition.columns];
}

/** Every field asked for with its value, null when none was found. */
export function fieldRow(result: ExtractionResult): ExtractedRow {
  const row: ExtractedRow = {};
  for (const field of result.fieldDefinitions) row[field.name] = result.fields[field.name] ?? null;
  return row;
}

const hasFields = (result: ExtractionResult) => result.fieldDefinitions.length > 0;

/**
 * A document's rows in the flat view, those that belong in a table (tableRows): no rows for a
 * failed document. `withFallback` keeps the text that stands in when a run without fields found
 * no rows, as a single document's output always has.
 */
export function flatRows(
  result: ExtractionResult | null,
  { withFallback = false }: { withFallback?: boolean } = {},
): ExtractedRow[] {
  if (!result || !hasFields(result)) return tableRows(result, { withFallback });
  if (!isTableStatus(result.status)) return [];
  const fields = fieldRow(result);
  const items = tableRows(result);
  return items.length > 0 ? items.map((row) => ({ ...fields, ...row })) : [fields];
}

/** Parallel to flatRows: each row's cells, the fields' review objects in front of the row's. */
export function flatCells(result: ExtractionResult | null): RowCells[] {
  if (!result) return [];
  const items = tableRows(result).map((_, row) => result.cells[row] ?? {});
  if (!hasFields(result)) return items;
  if (!isTableStatus(result.status)) return [];
  return items.length > 0
    ? items.map((cells) => ({ ...result.fieldCells, ...cells }))
    : [{ ...result.fieldCells }];
}
