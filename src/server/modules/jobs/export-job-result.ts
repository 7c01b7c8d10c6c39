import type { Kysely } from 'kysely';
import type { LimitFunction } from 'p-limit';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExportFormat } from '../../../shared/table-export';
import type { Database } from '../../db/schema';
import type { ExportPool } from './export/export-pool';
import { selectRowsTexts, type JobRow } from './jobs.queries';
import { tableRowsText } from './table-rows-text';

/**
 * GET /api/jobs/{id}/result: the job's one table as a file. This thread only fetches each
 * document's rows, as JSON text the database picks out of its result; an export thread parses
 * them and writes the file.
 */
export async function exportJobResult(options: {
  db: Kysely<Database>;
  /** Runs the query with the other heavy ones, a few at a time. */
  queries: LimitFunction;
  exportPool: ExportPool;
  job: JobRow;
  format: ExportFormat;
  signal?: AbortSignal;
}): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const { db, job, format } = options;
  const texts = await options.queries(() => selectRowsTexts(db, job.id));
  const documents = texts.map(({ name, rows }) => ({
    name,
    rows: tableRowsText(rows),
  }));
  const columns = JSON.parse(job.columns) as ColumnDefinition[];
  const bytes = await options.exportPool.run({ format, columns, documents }, options.signal);
  return { bytes, fileName: `rowsmith-job-${job.created_at.slice(0, 10)}.${format}` };
}
