// Suggest Columns without a model. The rules:
// 1. The largest table (by cells; a table with a header row counts double) gives the columns:
//    its header cells as names ("Unit Price" → "unit_price"; a blank header → "column_3"), types
//    from the column's values.
// 2. Otherwise the keys of the key-value lines (`Invoice number: 123` → "invoice_number"), in the
//    order they first appear, types from their values.
// 3. Otherwise a generic pair, item (text) and value (text): something to edit, never nothing.
// A type is date, number or boolean when at least 80% of the filled values parse as one (plain
// digit strings count as numbers, not dates); otherwise text. At most 12 columns.
import type { ColumnType } from '../../shared/column-types';
import type { ColumnDefinition } from '../../shared/columns';
import type { DocumentJson, DocumentTable } from '../../shared/document';
import { parseBoolean, parseDate, parseNumber } from './coerce';
import { findKeyValueRecords } from './extract/key-values';

export const MAX_SUGGESTED_COLUMNS = 12;

export const FALLBACK_COLUMNS: ColumnDefinition[] = [
  { name: 'item', type: 'text' },
  { name: 'value', type: 'text' },
];

const TYPE_SHARE = 0.8;

/** A header as a column name: lower case words joined by underscores, accents dropped. */
export function toColumnName(header: string): string {
  return header
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

export function inferColumnType(values: string[]): ColumnType {
  const filled = values.map((value) => value.trim()).filter(Boolean);
  if (filled.length === 0) return 'text';
  const isMostly = (test: (value: string) => boolean) =>
    filled.filter(test).length >= filled.length * TYPE_SHARE;
  if (isMostly((value) => !/^\d+$/.test(value) && parseDate(value) !== null)) return 'date';
  if (isMostly((value) => parseNumber(value) !== null)) return 'number';
  if (isMostly((value) => parseBoolean(value) !== null)) return 'boolean';
  return 'text';
}

/** Names made unique (a second "amount" becomes "amount_2"), in order, at most 12. */
function toColumns(entries: { header: string; values: string[] }[]): ColumnDefinition[] {
  const seen = new Set<string>();
  const columns: ColumnDefinition[] = [];
  entries.forEach(({ header, values }, position) => {
    const base = toColumnName(header) || `column_${position + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base}_${n}`;
    seen.add(name);
    columns.push({ name, type: inferColumnType(values) });
  });
  return columns.slice(0, MAX_SUGGESTED_COLUMNS);
}

function tableWeight(table: DocumentTable): number {
  const hasHeader = table.header.some((cell) => cell.trim() !== '');
  const cells = table.rows.reduce((sum, row) => sum + row.filter((cell) => cell.trim()).length, 0);
  return (cells + table.header.length) * (hasHeader ? 2 : 1);
}

function fromTable(table: DocumentTable): ColumnDefinition[] {
  const width = Math.max(table.header.length, ...table.rows.map((row) => row.length));
  const entries = Array.from({ length: width }, (_, i) => ({
    header: table.header[i] ?? '',
    values: table.rows.map((row) => row[i] ?? ''),
  }));
  // A column with neither a name nor a value says nothing.
  return toColumns(
    entries.filter((entry) => entry.header.trim() || entry.values.some((v) => v.trim())),
  );
}

function fromKeyValues(document: Pick<DocumentJson, 'markdown' | 'segments'>): ColumnDefinition[] {
  const byName = new Map<string, { header: string; values: string[] }>();
  for (const { key, value } of findKeyValueRecords(document).flat()) {
    const name = toColumnName(key);
    const entry = byName.get(name) ?? { header: key, values: [] };
    entry.values.push(value);
    byName.set(name, entry);
  }
  return toColumns([...byName.values()]);
}

export function suggestColumnsOffline(
  document: Pick<DocumentJson, 'markdown' | 'segments' | 'tables'>,
): { columns: ColumnDefinition[] } {
  const tables = document.tables.filter((table) => tableWeight(table) > 0);
  const largest = tables.reduce<DocumentTable | null>(
    (best, table) => (!best || tableWeight(table) > tableWeight(best) ? table : best),
    null,
  );
  const columns = largest ? fromTable(largest) : fromKeyValues(document);
  return {
    columns: columns.length > 0 ? columns : FALLBACK_COLUMNS.map((column) => ({ ...column })),
  };
}
