import type { ExtractionType } from '../../../shared/account';
import type { FileType } from '../../../shared/document';
import { storeResult } from '../results/store-result';
import { recordUsage } from '../usage/record-usage';
import { usageFileType } from '../usage/usage-file-type';
import type { DocumentOutcome, FinishDeps } from './finish-document';
import type { JobDocumentInfo, JobRow } from './jobs.queries';

type UsageRun = {
  document: JobDocumentInfo;
  job: JobRow;
  outcome: DocumentOutcome;
  processingMs: number;
};

function errorMessageOf(outcome: DocumentOutcome): string | null {
  if (outcome.kind === 'cancelled') return 'Cancelled';
  if (outcome.kind === 'error') return outcome.error.message;
  return outcome.result.status === 200 ? null : outcome.result.message;
}

/**
 * The bookkeeping of a signed-in user's document (SPEC.md section 3): the stored result file
 * when rows were produced (`{user_id}/{document id}_{timestamp}.json`) and the usage_tracking
 * record, both under the document's id. Best effort: failures are logged, never shown.
 */
export async function recordDocumentUsage(
  deps: FinishDeps,
  run: UsageRun,
): Promise<{ isStored: boolean }> {
  const { document, job, outcome } = run;
  if (!job.user_id) return { isStored: false };
  const result = outcome.kind === 'result' ? outcome.result : null;
  const kind = document.kind as ExtractionType;
  const fileType = usageFileType(
    result?.source.fileType ??
      (kind === 'text' ? 'text' : ((document.file_type as FileType | null) ?? undefined)),
  );
  let filePath: string | null = null;
  if (result && result.status !== 500 && result.rows.length > 0) {
    filePath = await storeResult({
      storage: deps.storage,
      userId: job.user_id,
      extractionId: document.id,
      extractionType: kind,
      fileType,
      columns: result.columns,
      rows: result.rows,
    }).catch((error: unknown) => {
      deps.logger.error({ err: error, userId: job.user_id }, 'storing the result failed');
      return null;
    });
  }
  await recordUsage({
    db: deps.db,
    logger: deps.logger,
    id: document.id,
    entry: {
      userId: job.user_id,
      extractionType: kind,
      columnsDefined: (JSON.parse(job.columns) as unknown[]).length,
      rowsExtracted: result && result.status !== 500 ? result.rows.length : 0,
      isSuccess: result?.status === 200,
      fileType,
      fileSize: result?.source.size ?? (document.size === null ? null : Number(document.size)),
      processingTimeMs: run.processingMs,
      errorMessage: errorMessageOf(outcome),
      filePath,
    },
  });
  return { isStored: filePath !== null };
}
