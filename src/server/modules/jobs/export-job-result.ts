import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { JobResultShape } from '../../../shared/jobs';
import type { ExportFormat } from '../../../shared/table-export';
import type { Database } from '../../db/schema';
import { correctionsByDocument } from '../corrections/document-corrections';
import type { TurnLimit } from '../../http/turn-limit';
import type { ExportPool } from './export/export-pool';
import type { ExportTask } from './export/export-task';
import { jobFileName } from './job-file-name';
import type { ResultsReading } from './job-results';
import type { JobRow } from './jobs.queries';
import { selectTablePartsTexts } from './result-texts.queries';

/**
 * GET /api/jobs/{id}/result: the job's one table as a file, corrections applied, with the name
 * it is downloaded under (job-file-name.ts). This thread only fetches each
 * document's result parts, as JSON text the database picks out of it, and its corrections; an
 * export thread parses them, applies the corrections and writes the file.
 */
export async function exportJobResult(options: {
  reading: ResultsReading;
  /** Runs the queries with the other heavy ones, a few at a time. */
  queries: TurnLimit;
  exportPool: ExportPool;
  job: JobRow;
  format: ExportFormat;
  /** JSON only: the flat table (the default) or one entry per document. */
  shape?: JobResultShape;
  /** CSV only: start with a byte order mark. */
  bom: boolean;
  /** The time zone of the time in the file's name. */
  timeZone: string;
  /** Adds the fallback text of documents that gave no rows (left out by default). */
  withFallback?: boolean;
  signal?: AbortSignal;
}): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string | null }> {
  const { job, format } = options;
  const db: Kysely<Database> = options.reading.db;
  const { stored, corrections } = await options.queries(async () => {
    const parts = await selectTablePartsTexts(db, job.id);
    const withResult = parts.filter((document) => document.result).map(({ id }) => id);
    return { stored: parts, corrections: await correctionsByDocument(db, withResult) };
  });
  const documents = stored.map((document) => ({
    ...document,
    // All a correction says of its cell or field; who made it and when stay here.
    corrections: (corrections.get(document.id) ?? []).map(
      ({ document_id: _document, created_at: _at, created_by: _by, ...applied }) => applied,
    ),
  }));
  const columns = JSON.parse(job.columns) as ColumnDefinition[];
  const task: ExportTask = {
    format,
    shape: options.shape ?? 'flat',
    bom: options.bom,
    withFallback: options.withFallback ?? false,
    columns,
    reviewThreshold: options.reading.reviewThreshold,
    documents,
  };
  const bytes = await options.exportPool.run(task, options.signal);
  // JSON too: a person downloads it from History, and it should not arrive as "result.json".
  const fileName = await jobFileName(db, job, format, { timeZone: options.timeZone });
  return { bytes, fileName };
}
