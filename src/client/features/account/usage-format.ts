import { showingSummary } from '../../lib/showing-summary';
import type { ExtractionType, UsageFileType } from '../../../shared/account';

const TYPE_LABELS: Record<ExtractionType, string> = { file: 'File', url: 'URL', text: 'Text' };

const FILE_TYPE_LABELS: Record<UsageFileType, string> = {
  pdf: 'PDF',
  csv: 'CSV',
  image: 'Image',
  text: 'Text',
  spreadsheet: 'Spreadsheet',
  unknown: 'Other',
};

export function extractionTypeLabel(type: ExtractionType): string {
  return TYPE_LABELS[type];
}

export function fileTypeLabel(type: UsageFileType): string {
  return FILE_TYPE_LABELS[type];
}

/** "1 row", "1,204 rows". */
export function formatCount(count: number, singular: string, locale?: string): string {
  const number = new Intl.NumberFormat(locale).format(count);
  return `${number} ${count === 1 ? singular : `${singular}s`}`;
}

/** "850 ms", "2.4 s", "1 min 5 s". */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/** "Showing 21–40 of 57 runs" for a page of the history. */
export function pageSummary(offset: number, shown: number, total: number): string {
  return showingSummary(offset, shown, total, 'run');
}
