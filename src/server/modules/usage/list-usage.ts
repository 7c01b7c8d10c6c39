import type { Kysely, Selectable } from 'kysely';
import type {
  ExtractionType,
  UsageFileType,
  UsagePage,
  UsageRecord,
} from '../../../shared/account';
import { fromDbBoolean } from '../../db/dialect';
import type { Database, UsageTrackingTable } from '../../db/schema';
import { countUsage, selectOwnUsage, selectUsagePage } from './usage.queries';

/** A user's runs, newest first, with the total count for paging. */
export async function listUsage(options: {
  db: Kysely<Database>;
  userId: string;
  limit: number;
  offset: number;
}): Promise<UsagePage> {
  const { db, userId, limit, offset } = options;
  const [total, rows] = await Promise.all([
    countUsage(db, userId),
    selectUsagePage(db, userId, limit, offset),
  ]);
  return { total, limit, offset, records: rows.map(toUsageRecord) };
}

/** The stored file behind one of the user's own runs, or null (none, or not theirs). */
export async function getUsageFilePath(options: {
  db: Kysely<Database>;
  userId: string;
  usageId: string;
}): Promise<string | null> {
  const row = await selectOwnUsage(options.db, options.userId, options.usageId);
  return row?.file_path ?? null;
}

function toUsageRecord(row: Selectable<UsageTrackingTable>): UsageRecord {
  return {
    id: row.id,
    extraction_type: row.extraction_type as ExtractionType,
    columns_defined: Number(row.columns_defined),
    rows_extracted: Number(row.rows_extracted),
    success: fromDbBoolean(row.success),
    file_type: row.file_type as UsageFileType,
    file_size: row.file_size === null ? null : Number(row.file_size),
    processing_time_ms: Number(row.processing_time_ms),
    error_message: row.error_message,
    has_file: row.file_path !== null,
    created_at: row.created_at,
  };
}
