import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ExtractionType, UsageFileType } from '../../../shared/account';
import { toDbBoolean } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { insertUsage } from './usage.queries';

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
 * Writes the usage_tracking record of a signed-in run. Best effort (SPEC.md section 8): a failed
 * write is logged and never fails the run the user sees. Answers whether it was written.
 */
export async function recordUsage(options: {
  db: Kysely<Database>;
  logger: Logger;
  id?: string;
  entry: UsageEntry;
}): Promise<boolean> {
  const { entry } = options;
  try {
    await insertUsage(options.db, {
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
    return true;
  } catch (error) {
    options.logger.error({ err: error, userId: entry.userId }, 'recording usage failed');
    return false;
  }
}
