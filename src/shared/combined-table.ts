import type { ColumnDefinition } from './columns';
import type { ExtractedRow, ExtractionStatus } from './extraction';
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
  } | null;
};

export type CombinedTable = ExportTable & {
  /** Each document's own table (its rows without the source column), for a sheet apiece. */
  documents: { name: string; table: ExportTable }[];
};

/** A document's rows that belong in a table: a 500's empty stand-in rows do not. */
export function tableRows(result: DocumentRows['result']): ExtractedRow[] {
  if (!result || result.status === 500) return [];
  return result.rows;
}

/**
 * Several documents as one table: every document's rows in document order, each under a first
 * column naming its document (the file name or the address), then the user's columns. The
 * server builds a job's result with it, the command line a local batch. Each number column
 * takes the most decimals any document writes it with.
 */
export function combineTables(
  columns: ColumnDefinition[],
  documents: DocumentRows[],
): CombinedTable {
  const source = sourceColumnName(columns);
  const rows: ExtractedRow[] = [];
  const parts: CombinedTable['documents'] = [];
  for (const document of documents) {
    const documentRows = tableRows(document.result);
    const decimals = documentRows.length > 0 ? document.result?.decimals : undefined;
    for (const row of documentRows) rows.push({ [source]: document.name, ...row });
    parts.push({ name: document.name, table: { columns, rows: documentRows, decimals } });
  }
  const decimals = mergeDecimals(parts.map((part) => part.table.decimals));
  return {
    columns: [{ name: source, type: 'text' }, ...columns],
    rows,
    documents: parts,
    decimals,
  };
}
