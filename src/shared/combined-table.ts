import type { ColumnDefinition } from './columns';
import type { ExtractedRow, ExtractionStatus, FallbackKind } from './extraction';
import { sourceColumnName } from './jobs';
import { mergeDecimals, type ColumnDecimals } from './number-decimals';
import type { ExportTable } from './table-export';

/** One document's part of a combined table: its name and, when it has one, its result. */
export type DocumentRows = {
  name: string;
  result: {
    status: ExtractionStatus;
    rows: ExtractedRow[];
    /** Its number columns' decimals in the source, when known. */
    decimals?: ColumnDecimals | undefined;
    /** Its rows are SPEC's fallback, not data (extraction-result.ts). */
    fallback?: FallbackKind | null;
  } | null;
};

export type CombineOptions = {
  /** Adds the text that stands in for the rows of a document that gave none (issue 20). */
  withFallback?: boolean;
};

export type CombinedTable = ExportTable & {
  /** Each document's own table (its rows without the source column), for a sheet apiece. */
  documents: { name: string; table: ExportTable }[];
};

/** Whether a result's rows belong in a table: a 500's empty stand-in rows do not. */
export function isTableStatus(status: number): boolean {
  return status !== 500;
}

/**
 * A document's rows that belong in a table: its data. A 500's empty stand-in rows never do; the
 * text that stands in when no row was found only when asked for.
 */
export function tableRows(
  result: DocumentRows['result'],
  { withFallback = false }: CombineOptions = {},
): ExtractedRow[] {
  if (!result || !isTableStatus(result.status) || result.fallback === 'error') return [];
  if (result.fallback === 'no_rows' && !withFallback) return [];
  return result.rows;
}

/**
 * Several documents as one table: every document's rows in document order, each under a first
 * column naming its document (the file name or the address), then the user's columns. Every
 * combined table is built here: the server's job results, the command line's and the browser's
 * batches. Each number column takes the most decimals any document with rows writes it with.
 */
export function combineRows(
  columns: ColumnDefinition[],
  documents: { name: string; rows: ExtractedRow[]; decimals?: ColumnDecimals | undefined }[],
): CombinedTable {
  const source = sourceColumnName(columns);
  const rows: ExtractedRow[] = [];
  const parts: CombinedTable['documents'] = [];
  for (const document of documents) {
    const decimals = document.rows.length > 0 ? document.decimals : undefined;
    for (const row of document.rows) rows.push({ [source]: document.name, ...row });
    parts.push({ name: document.name, table: { columns, rows: document.rows, decimals } });
  }
  const decimals = mergeDecimals(parts.map((part) => part.table.decimals));
  return {
    columns: [{ name: source, type: 'text' }, ...columns],
    rows,
    documents: parts,
    decimals,
  };
}

/**
 * `combineRows` of documents' results, each giving the rows that belong in a table: fallback
 * rows are left out unless `withFallback`.
 */
export function combineTables(
  columns: ColumnDefinition[],
  documents: DocumentRows[],
  options: CombineOptions = {},
): CombinedTable {
  return combineRows(
    columns,
    documents.map((document) => ({
      name: document.name,
      rows: tableRows(document.result, options),
      decimals: document.result?.decimals,
    })),
  );
}
