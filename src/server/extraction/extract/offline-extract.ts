// The offline extractor: without a model, the user's columns are read from the Document's tables
// and key-value records, matched by header similarity (header-match.ts). Values stay raw strings;
// the caller coerces them. The rules:
// 1. Tables first (table-match.ts). When tables qualify, their rows are the result, and a column
//    no table has is filled from a key-value line of the text when the Document names it exactly
//    once (the "Invoice number: INV-7" above an item table goes into every item row).
// 2. Otherwise key-value records (key-values.ts): each record that has the first column or half
//    of the columns becomes one row, in document order.
// 3. Nothing matched: no rows (the caller applies SPEC.md's no-rows fallback).
import type { ColumnDefinition } from '../../../shared/columns';
import type { DocumentJson } from '../../../shared/document';
import { isEnoughMatch, matchHeaders, normalizeHeader } from './header-match';
import { findKeyValueRecords, type KeyValueRecord } from './key-values';
import { readTableRows, selectTables, type RawRow } from './table-match';

export type DocumentLike = Pick<DocumentJson, 'markdown' | 'segments' | 'tables' | 'metadata'>;

export type OfflineExtraction = {
  rows: RawRow[];
  /** How many tables the rows came from (0 when they came from key-value records). */
  matchedTables: number;
  /** Data rows of those tables, for the caller to compare with the rows kept. */
  sourceRowCount: number;
  warnings: string[];
};

const emptyRow = (columns: string[]): RawRow =>
  Object.fromEntries(columns.map((column) => [column, null]));

/** Columns the tables lack, filled from a key the text names once with one value. */
function documentFields(
  records: KeyValueRecord[],
  columns: string[],
  missing: Set<string>,
): Record<string, string> {
  const values = new Map<string, { key: string; values: Set<string> }>();
  for (const { key, value } of records.flat()) {
    const normalized = normalizeHeader(key);
    const entry = values.get(normalized) ?? { key, values: new Set<string>() };
    values.set(normalized, { key: entry.key, values: entry.values.add(value) });
  }
  const keys = [...values.values()];
  const fields: Record<string, string> = {};
  // Every column competes for the keys, so "Date" stays with date and never fills due_date.
  for (const match of matchHeaders(
    columns,
    keys.map((entry) => entry.key),
  )) {
    const entry = keys[match.index];
    if (!missing.has(match.column) || entry?.values.size !== 1) continue;
    const [value] = entry.values;
    if (value !== undefined) fields[match.column] = value;
  }
  return fields;
}

function rowsFromRecords(records: KeyValueRecord[], columns: string[]): RawRow[] {
  const rows: RawRow[] = [];
  for (const record of records) {
    const matches = matchHeaders(
      columns,
      record.map((pair) => pair.key),
    );
    if (!isEnoughMatch(columns, matches)) continue;
    const row = emptyRow(columns);
    for (const match of matches) row[match.column] = record[match.index]?.value ?? null;
    rows.push(row);
  }
  return rows;
}

function tableWarnings(skipped: number, isPositional: boolean): string[] {
  const warnings: string[] = [];
  if (isPositional)
    warnings.push('The table has no header row, so its columns were taken in order.');
  if (skipped > 0)
    warnings.push(
      `${skipped} other table${skipped === 1 ? '' : 's'} matched fewer of your columns and ${skipped === 1 ? 'was' : 'were'} left out.`,
    );
  return warnings;
}

/**
 * The rows of the columns: from the tables that match them, else from "Label: value" records.
 * For a record (`hasFields`), the labelled values are its document fields, found apart: its line
 * items come from tables alone, and a "Total: 6.70" is never a line item or repeated on one.
 */
export function offlineExtract(options: {
  document: DocumentLike;
  columns: ColumnDefinition[];
  hasFields?: boolean;
}): OfflineExtraction {
  const columns = options.columns.map((column) => column.name).filter((name) => name.trim());
  const records = options.hasFields ? [] : findKeyValueRecords(options.document);
  const selection = selectTables(options.document.tables, columns);
  if (selection.mappings.length === 0) {
    const rows = rowsFromRecords(records, columns);
    return { rows, matchedTables: 0, sourceRowCount: rows.length, warnings: [] };
  }
  const { rows, sourceRowCount } = readTableRows(selection.mappings, columns);
  const covered = new Set(
    selection.mappings.flatMap((mapping) => mapping.matches.map((match) => match.column)),
  );
  const missing = new Set(columns.filter((column) => !covered.has(column)));
  const fields =
    missing.size > 0 && records.length > 0 ? documentFields(records, columns, missing) : {};
  const filled = rows.map((row) => ({ ...row, ...fields }));
  const warnings = tableWarnings(
    selection.skipped,
    selection.mappings.some((mapping) => mapping.isPositional),
  );
  return { rows: filled, matchedTables: selection.mappings.length, sourceRowCount, warnings };
}
