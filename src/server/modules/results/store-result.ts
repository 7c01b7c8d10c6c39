import type { ExtractionType, StoredExtraction, UsageFileType } from '../../../shared/account';
import type { ExtractedRow } from '../../../shared/extraction';
import type { FileStorage } from '../../storage/file-storage';

export type { StoredExtraction };

export type StoreResultOptions = {
  storage: FileStorage;
  userId: string;
  extractionId: string;
  extractionType: ExtractionType;
  fileType: UsageFileType;
  columns: { name: string; type: string }[];
  rows: ExtractedRow[];
  now?: Date;
};

/**
 * Writes a signed-in run's rows to `{user_id}/{extraction_id}_{timestamp}.json` (never over an
 * existing file) and answers the key.
 */
export async function storeResult(options: StoreResultOptions): Promise<string> {
  const now = options.now ?? new Date();
  const key = `${options.userId}/${options.extractionId}_${now.getTime()}.json`;
  const file: StoredExtraction = {
    metadata: {
      extraction_type: options.extractionType,
      file_type: options.fileType,
      columns_defined: options.columns.length,
      rows_extracted: options.rows.length,
      extracted_at: now.toISOString(),
      user_id: options.userId,
      extraction_id: options.extractionId,
      columns: options.columns.map(({ name, type }) => ({ name, type })),
    },
    data: options.rows,
  };
  const body = new TextEncoder().encode(JSON.stringify(file, null, 2));
  await options.storage.create(key, body, 'application/json');
  return key;
}
