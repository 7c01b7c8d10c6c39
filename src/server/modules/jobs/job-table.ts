import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import { combineTables, type CombinedTable } from '../../../shared/combined-table';
import type { ExtractionResult } from '../../../shared/extraction';
import type { Database } from '../../db/schema';
import { selectResults, type JobRow } from './jobs.queries';

/** The job's one table: its documents' rows in order, under a first `source` column. */
export async function buildJobTable(db: Kysely<Database>, job: JobRow): Promise<CombinedTable> {
  const columns = JSON.parse(job.columns) as ColumnDefinition[];
  const documents = (await selectResults(db, job.id)).map((document) => ({
    name: document.name,
    result: document.result ? (JSON.parse(document.result) as ExtractionResult) : null,
  }));
  return combineTables(columns, documents);
}
