import type { Kysely } from 'kysely';
import { exportFileName, jobExportName } from '../../../shared/export-file-name';
import type { JobDocumentKind } from '../../../shared/jobs';
import type { ExportFormat } from '../../../shared/table-export';
import type { Database } from '../../db/schema';
import { templateName } from '../extractors/template-columns';
import { selectDocuments, type JobRow } from './jobs.queries';

/**
 * A job's table as a file's name (Content-Disposition): the extractor it ran with, or its
 * documents, then the time of the download in `timeZone` ("statement-march_2026-11-25_1432.csv").
 */
export async function jobFileName(
  db: Kysely<Database>,
  job: JobRow,
  format: ExportFormat,
  options: { timeZone: string; now?: Date },
): Promise<string> {
  const documents = await selectDocuments(db, [job.id]);
  const name = jobExportName({
    extractorName: await templateName(db, job.user_id, job.template),
    documents: documents.map((document) => ({
      name: document.name,
      kind: document.kind as JobDocumentKind,
    })),
  });
  return exportFileName(name, format, options.now, options.timeZone);
}
