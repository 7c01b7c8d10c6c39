import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ExtractionType, UsageFileType } from '../../../shared/account';
import { toDbBoolean } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { insertUsage, setUsageFile } from './usage.queries';

export type UsageEntry = {
  userId: string;
  extractionType: ExtractionType;
  columnsDefined: number;
  rowsExtracted: number;
  isSuccess: boolean;
  fileType: UsageFileType;
  fileSize: number | null;
  processingTimeMs: number;
  errorMessage: string | null;
  filePath: string | null;
};

/**
 * Writes the usage_tracking record of a signed-in run inside the caller's transaction, so that
 * it is there as soon as the run's end is. Best effort (SPEC.md section 8): under a savepoint, a
 * failed write is undone alone and logged, and never fails the run the user sees. Answers
 * whether it was written.
 */
export async function recordUsage(options: {
  trx: Kysely<Database>;
  logger: Logger;
  id?: string;
  entry: UsageEntry;
}): Promise<boolean> {
  const { entry, trx } = options;
  await sql`savepoint usage_record`.execute(trx);
  try {
    await insertUsage(trx, {
      id: options.id ?? randomUUID(),
      user_id: entry.userId,
      extraction_type: entry.extractionType,
      columns_defined: entry.columnsDefined,
      rows_extracted: entry.rowsExtracted,
      success: toDbBoolean(entry.isSuccess),
      file_type: entry.fileType,
      file_size: entry.fileSize,
      processing_time_ms: Math.round(entry.processingTimeMs),
      error_message: entry.errorMessage,
      file_path: entry.filePath,
      created_at: new Date().toISOString(),
    });
    await sql`release savepoint usage_record`.execute(trx);
    return true;
  } catch (error) {
    await sql`rollback to savepoint usage_record`.execute(trx);
    options.logger.error({ err: error, userId: entry.userId }, 'recording usage failed');
    return false;
  }
}

/** Names the stored result file on a usage record written before the file was. Best effort. */
export async function attachUsageFile(options: {
  db: Kysely<Database>;
  logger: Logger;
  id: string;
  filePath: string;
}): Promise<boolean> {
  try {
    await setUsageFile(options.db, options.id, options.filePath);
    return true;
  } catch (error) {
    options.logger.error(
      { err: error, usageId: options.id },
      'naming the usage record’s file failed',
    );
    return false;
  }
}
