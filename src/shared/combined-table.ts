import type { ColumnDefinition } from './columns';
import type { ExtractedRow, ExtractionStatus, FallbackKind } from './extraction';
import { sourceColumnName } from './jobs';
import type { ExportTable } from './table-export';

/** One document's part of a combined table: its name and, when it has one, its result. */
export type DocumentRows = {
  name: string;
  result: {
    status: ExtractionStatus;
    rows: ExtractedRow[];
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

/**
 * A document's rows that belong in a table: its data. A 500's empty stand-in rows never do; the
 * text that stands in when no row was found only when asked for.
 */
export function tableRows(
  result: DocumentRows['result'],
  { withFallback = false }: CombineOptions = {},
): ExtractedRow[] {
  if (!result || result.status === 500 || result.fallback === 'error') return [];
  if (result.fallback === 'no_rows' && !withFallback) return [];
  return result.rows;
}

/**
 * Several documents as one table: every document's rows in document order, each under a first
 * column naming its document (the file name or the address), then the user's columns. The
 * server builds a job's result with it, the command line a local batch. Fallback rows are left
 * out unless `withFallback`.
 */
export function combineTables(
  columns: ColumnDefinition[],
  documents: DocumentRows[],
  options: CombineOptions = {},
): CombinedTable {
  const source = sourceColumnName(columns);
  const rows: ExtractedRow[] = [];
  const parts: CombinedTable['documents'] = [];
  for (const document of documents) {
    const documentRows = tableRows(document.result, options);
    for (const row of documentRows) rows.push({ [source]: document.name, ...row });
    parts.push({ name: document.name, table: { columns, rows: documentRows } });
  }
  return { columns: [{ name: source, type: 'text' }, ...columns], rows, documents: parts };
}
