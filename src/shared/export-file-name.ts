import type { DocumentMetadata } from '../../../../shared/document';
import type { ExportFormat } from '../../../../shared/table-export';

const MAX_NAME_LENGTH = 60;

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** A file name's worth of the source: letters, digits, '-' and '_' only. */
export function sanitizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/^[-_]+|[-_]+$/g, '');
}

function sourceName(source: Pick<DocumentMetadata, 'fileName' | 'url'>): string {
  const raw = source.fileName
    ? source.fileName.replace(/\.[^.]+$/, '')
    : source.url
      ? (hostOf(source.url) ?? '')
      : '';
  return sanitizeName(raw) || 'extraction';
}

/** The local calendar date as yyyy-mm-dd. */
export function localDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `rowsmith-<source name or "extraction">-<yyyy-mm-dd>.<format>` */
export function exportFileName(
  source: Pick<DocumentMetadata, 'fileName' | 'url'>,
  format: ExportFormat,
  now = new Date(),
): string {
  return `rowsmith-${sourceName(source)}-${localDate(now)}.${format}`;
}
