import type { Kysely } from 'kysely';
import type { ExtractionType } from '../../../shared/account';
import type { FileType } from '../../../shared/document';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { storeResult } from '../results/store-result';
import { attachUsageFile, recordUsage } from '../usage/record-usage';
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

function kindAndFileType({ document, outcome }: Pick<UsageRun, 'document' | 'outcome'>) {
  const result = outcome.kind === 'result' ? outcome.result : null;
  const kind = document.kind as ExtractionType;
  const fileType = usageFileType(
    result?.source.fileType ??
      (kind === 'text' ? 'text' : ((document.file_type as FileType | null) ?? undefined)),
  );
  return { result, kind, fileType };
}

/**
 * The usage_tracking record of a signed-in user's document (SPEC.md section 3), under the
 * document's id, written in the transaction that ends the document: whoever sees the job end
 * sees its usage. Its result file's path follows with `storeDocumentResult`.
 */
export async function recordDocumentUsage(
  trx: Kysely<Database>,
  logger: Logger,
  run: UsageRun,
): Promise<void> {
  const { document, job, outcome } = run;
  if (!job.user_id) return;
  const { result, kind, fileType } = kindAndFileType(run);
  await recordUsage({
    trx,
    logger,
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
      filePath: null,
    },
  });
}

/**
 * The stored result file of a signed-in user's document that produced rows
 * (`{user_id}/{document id}_{timestamp}.json`), named on its usage record. Best effort:
 * failures are logged, never shown.
 */
export async function storeDocumentResult(
  deps: FinishDeps,
  run: Pick<UsageRun, 'document' | 'job' | 'outcome'>,
): Promise<{ isStored: boolean }> {
  const { document, job } = run;
  const { result, kind, fileType } = kindAndFileType(run);
  if (!job.user_id || !result || result.status === 500 || result.rows.length === 0)
    return { isStored: false };
  const userId = job.user_id;
  const filePath = await storeResult({
    storage: deps.storage,
    userId,
    extractionId: document.id,
    extractionType: kind,
    fileType,
    columns: result.columns,
    rows: result.rows,
  }).catch((error: unknown) => {
    deps.logger.error({ err: error, userId }, 'storing the result failed');
    return null;
  });
  if (filePath === null) return { isStored: false };
  await attachUsageFile({ db: deps.db, logger: deps.logger, id: document.id, filePath });
  return { isStored: true };
}
