// The flat view of records on the command line: the rows are combined-table.ts's (each line item
// with its document's fields in front, one row of fields for a document without line items);
// here the columns of a table about to be written and each row's cells.
import type { ColumnDefinition } from '../shared/columns';
import { flatRows } from '../shared/combined-table';
import type { ExtractionResult } from '../shared/extraction';
import type { RowCells } from '../shared/review';

/** The flat table's columns: the fields, then the line items' columns. */
export function flatColumns(definition: {
  fields: readonly ColumnDefinition[];
  columns: readonly ColumnDefinition[];
}): ColumnDefinition[] {
  return [...definition.fields, ...definition.columns];
}

/**
 * Parallel to the document's flat rows (with these fields): each row's cells, its fields' review
 * objects in front of its line item's.
 */
export function flatCells(
  result: ExtractionResult | null,
  fields: readonly ColumnDefinition[] = result?.fieldDefinitions ?? [],
): RowCells[] {
  if (!result) return [];
  return flatRows(result, fields).map(({ item }) => {
    const own = item === null ? {} : (result.cells[item] ?? {});
    return fields.length > 0 ? { ...result.fieldCells, ...own } : own;
  });
}
