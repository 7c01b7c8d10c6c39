import type { UsageFileType } from '../../../shared/account';
import type { FileType } from '../../../shared/document';

/** SPEC.md section 3's file types; Word files and web pages are read as text. */
export function usageFileType(fileType: FileType | undefined): UsageFileType {
  if (fileType === 'word' || fileType === 'html') return 'text';
  return fileType ?? 'unknown';
}
