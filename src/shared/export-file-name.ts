// Download file names (issue 20 point 9): what the table came from, then when it was downloaded,
// `statement-march_2026-11-25_1432.csv`, so that two downloads do not overwrite each other and
// the file says what it holds. The browser's downloads, the API's Content-Disposition and the
// History page's links all name files here.
import type { DocumentMetadata } from './document';
import type { ExportFormat } from './table-export';

const MAX_NAME_LENGTH = 60;
const FALLBACK_NAME = 'extraction';

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** A file name's worth of text: lower-case letters, digits, '-' and '_' only. */
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

/** A file's name without its extension, or a web page's host; empty for pasted text. */
export function sourceName(source: Pick<DocumentMetadata, 'fileName' | 'url'>): string {
  if (source.fileName) return source.fileName.replace(/\.[^.]+$/, '');
  if (source.url) return hostOf(source.url) ?? '';
  return '';
}

/** What a job's downloads are named after: its document's name, or the first and how many more. */
export type JobNaming = {
  /** The saved extractor's or template's name the job ran with, when it had one. */
  extractorName?: string | null;
  documents: readonly { name: string; kind: 'file' | 'url' | 'text' }[];
};

/**
 * A job's name for its files: the extractor's (or template's) it ran with; else its one
 * document's; else its first document's and how many more ("january-and-2-more").
 */
export function jobExportName({ extractorName, documents }: JobNaming): string {
  if (extractorName && sanitizeName(extractorName)) return extractorName;
  const [first] = documents;
  if (!first) return '';
  const name =
    first.kind === 'file'
      ? sourceName({ fileName: first.name, url: null })
      : first.kind === 'url'
        ? sourceName({ fileName: null, url: first.name })
        : first.name;
  const clean = sanitizeName(name) || FALLBACK_NAME;
  return documents.length === 1 ? clean : `${clean}-and-${documents.length - 1}-more`;
}

/** The date and time as yyyy-mm-dd and hhmm, in `timeZone` (an IANA name) or the local zone. */
export function fileNameTime(now: Date, timeZone?: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}${part('minute')}`,
  };
}

/** Whether `timeZone` is an IANA time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** `<name>_<yyyy-mm-dd>_<hhmm>.<format>`: `statement-march_2026-11-25_1432.csv`. */
export function exportFileName(
  name: string,
  format: ExportFormat,
  now = new Date(),
  timeZone?: string,
): string {
  const { date, time } = fileNameTime(now, timeZone);
  return `${sanitizeName(name) || FALLBACK_NAME}_${date}_${time}.${format}`;
}
