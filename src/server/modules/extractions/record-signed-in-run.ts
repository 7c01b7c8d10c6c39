import type { Kysely } from 'kysely';
import type { ExtractionResult } from '../../../shared/extraction';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { storeResult } from '../results/store-result';
import { recordUsage } from '../usage/record-usage';
import { usageFileType } from '../usage/usage-file-type';
import type { ParsedExtractionRequest } from './parse-extraction-request';

type RecordOptions = {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  request: ParsedExtractionRequest;
  user: SessionUser;
  startedAt: number;
  extractionId?: string;
} & ({ result: ExtractionResult; error?: undefined } | { result?: undefined; error: unknown });

/**
 * The bookkeeping of a signed-in run: the result file (when rows were produced) and the
 * usage_tracking record. Both are best effort: failures are logged, the user still gets the run.
 */
export async function recordSignedInRun(options: RecordOptions): Promise<{ isStored: boolean }> {
  const { request, result, user } = options;
  const source = request.source;
  const fileType = usageFileType(
    result?.source.fileType ?? (source.kind === 'text' ? 'text' : undefined),
  );
  const filePath = result ? await storeRows(options, result, fileType) : null;
  await recordUsage({
    db: options.db,
    logger: options.logger,
    id: options.extractionId,
    entry: {
      userId: user.id,
      extractionType: source.kind,
      columnsDefined: request.columns.length,
      rowsExtracted: result?.status === 500 ? 0 : (result?.rows.length ?? 0),
      isSuccess: result?.status === 200,
      fileType,
      fileSize: result?.source.size ?? (source.kind === 'file' ? source.bytes.byteLength : null),
      processingTimeMs: performance.now() - options.startedAt,
      errorMessage: errorMessageOf(options),
      filePath,
    },
  });
  return { isStored: filePath !== null };
}

async function storeRows(
  options: RecordOptions,
  result: ExtractionResult,
  fileType: ReturnType<typeof usageFileType>,
): Promise<string | null> {
  if (result.status === 500 || result.rows.length === 0 || !options.extractionId) return null;
  try {
    return await storeResult({
      storage: options.storage,
      userId: options.user.id,
      extractionId: options.extractionId,
      extractionType: options.request.source.kind,
      fileType,
      columns: result.columns,
      rows: result.rows,
    });
  } catch (error) {
    options.logger.error({ err: error, userId: options.user.id }, 'storing the result failed');
    return null;
  }
}

function errorMessageOf(options: RecordOptions): string | null {
  if (options.result) return options.result.status === 200 ? null : options.result.message;
  const { error } = options;
  if (error instanceof Error) return error.name === 'AbortError' ? 'Cancelled' : error.message;
  return String(error);
}
