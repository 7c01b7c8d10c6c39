import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow, ExtractionResult } from '../../../shared/extraction';
import { sourceColumnName } from '../../../shared/jobs';
import type { ExportTable } from '../../../shared/table-export';
import type { Database } from '../../db/schema';
import { selectResults, type JobRow } from './jobs.queries';

export type JobTable = ExportTable & {
  /** Each document's own table (its rows without the source column), for a sheet apiece. */
  documents: { name: string; table: ExportTable }[];
};

/** A document's rows that belong in the table: a 500's empty stand-in rows do not. */
export function tableRows(result: ExtractionResult | null): ExtractedRow[] {
  if (!result || result.status === 500) return [];
  return result.rows;
}

/**
 * The job's one table: every document's rows in document order, each under a first column that
 * names its document (the file name or the address), then the user's columns.
 */
export async function buildJobTable(db: Kysely<Database>, job: JobRow): Promise<JobTable> {
  const columns = JSON.parse(job.columns) as ColumnDefinition[];
  const source = sourceColumnName(columns);
  const rows: ExtractedRow[] = [];
  const documents: JobTable['documents'] = [];
  for (const document of await selectResults(db, job.id)) {
    const result = document.result ? (JSON.parse(document.result) as ExtractionResult) : null;
    const documentRows = tableRows(result);
    for (const row of documentRows) rows.push({ [source]: document.name, ...row });
    documents.push({ name: document.name, table: { columns, rows: documentRows } });
  }
  return { columns: [{ name: source, type: 'text' }, ...columns], rows, documents };
}
