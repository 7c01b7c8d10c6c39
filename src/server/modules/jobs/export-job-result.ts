import type { Kysely } from 'kysely';
import type { LimitFunction } from 'p-limit';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExportFormat } from '../../../shared/table-export';
import type { Database } from '../../db/schema';
import { correctionsByDocument } from '../corrections/document-corrections';
import type { ExportPool } from './export/export-pool';
import type { ResultsReading } from './job-results';
import type { JobRow } from './jobs.queries';
import { selectTablePartsTexts } from './result-texts.queries';

/**
 * GET /api/jobs/{id}/result: the job's one table as a file, corrections applied. This thread
 * only fetches each document's result parts, as JSON text the database picks out of it, and its
 * corrections; an export thread parses them, applies the corrections and writes the file.
 */
export async function exportJobResult(options: {
  reading: ResultsReading;
  /** Runs the queries with the other heavy ones, a few at a time. */
  queries: LimitFunction;
  exportPool: ExportPool;
  job: JobRow;
  format: ExportFormat;
  signal?: AbortSignal;
}): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const { job, format } = options;
  const db: Kysely<Database> = options.reading.db;
  const { stored, corrections } = await options.queries(async () => {
    const parts = await selectTablePartsTexts(db, job.id);
    const withResult = parts.filter((document) => document.result).map(({ id }) => id);
    return { stored: parts, corrections: await correctionsByDocument(db, withResult) };
  });
  const documents = stored.map((document) => ({
    ...document,
    corrections: (corrections.get(document.id) ?? []).map(
      ({ id, row, column, value, old_value }) => ({ id, row, column, value, old_value }),
    ),
  }));
  const columns = JSON.parse(job.columns) as ColumnDefinition[];
  const task = { format, columns, reviewThreshold: options.reading.reviewThreshold, documents };
  const bytes = await options.exportPool.run(task, options.signal);
  return { bytes, fileName: `rowsmith-job-${job.created_at.slice(0, 10)}.${format}` };
}
