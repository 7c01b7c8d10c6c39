import type { ColumnDefinition } from './columns';
import type { CellValue, ExtractedRow, ExtractionStatus, FallbackKind } from './extraction';
import { sourceColumnName } from './jobs';
import { mergeDecimals, type ColumnDecimals } from './number-decimals';
import type { ExportTable } from './table-export';
import { setOwn } from './own-property';

/** One document's part of a combined table: its name and, when it has one, its result. */
export type DocumentRows = {
  name: string;
  result: {
    status: ExtractionStatus;
    rows: ExtractedRow[];
    /** Its number columns' (and number fields') decimals in the source, when known. */
    decimals?: ColumnDecimals | undefined;
    /** Its rows are SPEC's fallback, not data (extraction-result.ts). */
    fallback?: FallbackKind | null;
    /** The document fields asked for (issue 31); none in results made before them. */
    fieldDefinitions?: ColumnDefinition[];
    /** The document's own value of each field. */
    fields?: Readonly<Record<string, CellValue>>;
  } | null;
};

export type CombineOptions = {
  /** Adds the text that stands in for the rows of a document that gave none (issue 20). */
  withFallback?: boolean;
};

type Sheet = { name: string; table: ExportTable };

export type CombinedTable = ExportTable & {
  /** The document fields among the columns, right after the source column; none without fields. */
  fields: ColumnDefinition[];
  /** Each document's own table (its rows without the source column), for a sheet apiece. */
  documents: Sheet[];
  /**
   * The workbook's sheets after the combined one: a sheet per document; with fields, instead, a
   * `Documents` sheet (a row per document: source and fields) and an `Items` sheet (a row per
   * line item: source, its line number from 1, and the columns).
   */
  sheets: Sheet[];
};

/** A row of the flat view and which of its document's own rows it is (null: its fields alone). */
export type FlatRow = { values: ExtractedRow; item: number | null };

/** Whether a result's rows belong in a table: a 500's empty stand-in rows do not. */
export function isTableStatus(status: number): boolean {
  return status !== 500;
}

/** Whether a result belongs in a table at all: not a 500, nor an error's stand-in rows. */
function isTableResult(
  result: DocumentRows['result'],
): result is NonNullable<DocumentRows['result']> {
  return result !== null && isTableStatus(result.status) && result.fallback !== 'error';
}

/**
 * A document's rows that belong in a table: its data. A 500's empty stand-in rows never do; the
 * text that stands in when no row was found only when asked for.
 */
export function tableRows(
  result: DocumentRows['result'],
  { withFallback = false }: CombineOptions = {},
): ExtractedRow[] {
  if (!isTableResult(result)) return [];
  if (result.fallback === 'no_rows' && !withFallback) return [];
  return result.rows;
}

/** The fields asked of the documents, in order: each result's, the first of each name kept. */
export function recordFields(documents: readonly DocumentRows[]): ColumnDefinition[] {
  const fields = new Map<string, ColumnDefinition>();
  for (const document of documents)
    for (const field of document.result?.fieldDefinitions ?? [])
      if (!fields.has(field.name)) fields.set(field.name, field);
  return [...fields.values()];
}

/** A document's value of each field, null where it has none. */
export function fieldValues(
  fields: readonly ColumnDefinition[],
  values: Readonly<Record<string, CellValue>> | undefined,
): ExtractedRow {
  const row: ExtractedRow = {};
  for (const { name } of fields)
    setOwn(row, name, values && Object.hasOwn(values, name) ? (values[name] ?? null) : null);
  return row;
}

/**
 * A document's rows in the flat view (issue 31): without fields, its table rows; with fields,
 * each of them with the document's fields beside it, and a document with no rows of its own
 * still one row, its fields with the columns empty. A result that is no table gives none.
 */
export function flatRows(
  result: DocumentRows['result'],
  fields: readonly ColumnDefinition[],
  options: CombineOptions = {},
): FlatRow[] {
  const rows = tableRows(result, options);
  if (fields.length === 0) return rows.map((values, item) => ({ values, item }));
  if (!isTableResult(result)) return [];
  const own = fieldValues(fields, result.fields);
  if (rows.length === 0) return [{ values: own, item: null }];
  return rows.map((row, item) => ({ values: { ...own, ...row }, item }));
}

/** The Items sheet's column of each row's line number: a name no field or column has. */
function lineColumnName(names: readonly ColumnDefinition[]): string {
  const taken = new Set(names.map((column) => column.name.toLowerCase()));
  return ['line', 'line_number', 'item_line'].find((name) => !taken.has(name)) ?? '_line';
}

/** With fields, the Documents and Items sheets of the combined table's documents. */
function recordSheets(
  source: string,
  fields: ColumnDefinition[],
  columns: ColumnDefinition[],
  documents: { name: string; flat: FlatRow[] }[],
  decimals: ColumnDecimals,
): Sheet[] {
  const sourceColumn: ColumnDefinition = { name: source, type: 'text' };
  const line = lineColumnName([...fields, ...columns, sourceColumn]);
  const records: ExtractedRow[] = [];
  const items: ExtractedRow[] = [];
  for (const { name, flat } of documents) {
    const [first] = flat;
    if (!first) continue;
    records.push({ [source]: name, ...fieldValues(fields, first.values) });
    for (const { values, item } of flat) {
      if (item === null) continue;
      const row: ExtractedRow = { [source]: name, [line]: item + 1 };
      for (const column of columns) setOwn(row, column.name, values[column.name] ?? null);
      items.push(row);
    }
  }
  return [
    { name: 'Documents', table: { columns: [sourceColumn, ...fields], rows: records, decimals } },
    {
      name: 'Items',
      table: {
        columns: [sourceColumn, { name: line, type: 'number' }, ...columns],
        rows: items,
        decimals,
      },
    },
  ];
}

/**
 * Several documents as one table, the flat view: every document's rows in document order, each
 * under a first column naming its document (the file name or the address), then the document's
 * fields when the run asked for any (repeated on each of its rows), then the user's columns.
 * Every combined table is built here: the server's job results, the command line's and the
 * browser's batches. Each number column or field takes the most decimals any document in the
 * table writes it with. Fallback rows are left out unless `withFallback`.
 */
export function combineTables(
  columns: ColumnDefinition[],
  documents: DocumentRows[],
  options: CombineOptions = {},
): CombinedTable {
  const fields = recordFields(documents);
  const source = sourceColumnName([...fields, ...columns]);
  const rows: ExtractedRow[] = [];
  const parts: Sheet[] = [];
  const flats: { name: string; flat: FlatRow[] }[] = [];
  for (const { name, result } of documents) {
    const flat = flatRows(result, fields, options);
    for (const { values } of flat) rows.push({ [source]: name, ...values });
    const own = tableRows(result, options);
    const decimals = flat.length > 0 ? result?.decimals : undefined;
    parts.push({ name, table: { columns, rows: own, decimals } });
    flats.push({ name, flat });
  }
  const decimals = mergeDecimals(parts.map((part) => part.table.decimals));
  return {
    columns: [{ name: source, type: 'text' }, ...fields, ...columns],
    rows,
    fields,
    documents: parts,
    sheets: fields.length > 0 ? recordSheets(source, fields, columns, flats, decimals) : parts,
    decimals,
  };
}

/**
 * One document's table in the flat view, without a source column: its fields, then `columns`
 * (a single result's download and copy). Fallback rows only `withFallback`.
 */
export function documentTable(
  columns: ColumnDefinition[],
  result: DocumentRows['result'],
  options: CombineOptions = {},
): ExportTable {
  const fields = result?.fieldDefinitions ?? [];
  return {
    columns: [...fields, ...columns],
    rows: flatRows(result, fields, options).map(({ values }) => values),
    decimals: result?.decimals,
  };
}
