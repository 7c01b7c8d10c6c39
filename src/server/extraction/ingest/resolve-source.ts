import type { SourceType } from '../../../shared/document';
import { AppError } from '../../../shared/errors';
import type { ReadSettings } from '../read-settings';
import { detectFileType, type DetectedType } from './detect-type';
import { checkForwardedUrl, fetchUrl } from './fetch-url';
import { readViaPageReader } from './page-reader';

/** What the user gave: pasted text, an uploaded file, or a web address. */
export type InputSource =
  | { kind: 'text'; text: string }
  | { kind: 'file'; bytes: Uint8Array; fileName: string | null; mimeType: string | null }
  | { kind: 'url'; url: string };

/** An input turned into bytes with a known type, ready for its reader. */
export type ResolvedSource = {
  sourceType: SourceType;
  bytes: Uint8Array;
  fileName: string | null;
  url: string | null;
  detected: DetectedType;
  warnings: string[];
};

const MB = 1024 * 1024;

/** Text copied from a spreadsheet arrives tab-separated: read it as a table. */
function looksTabSeparated(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  if (lines.length < 2) return false;
  const tabs = lines.map((line) => line.split('\t').length - 1);
  return tabs[0]! > 0 && tabs.every((count) => count === tabs[0]);
}

function fromText(text: string): ResolvedSource {
  if (!text.trim()) throw new AppError('NO_CONTENT');
  // Pasted text is text already: control characters (which cleaning removes anyway) must not
  // make it look like a binary file to the decoder.
  // eslint-disable-next-line no-control-regex -- see above
  text = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
  const isTsv = looksTabSeparated(text);
  return {
    sourceType: 'text',
    bytes: new TextEncoder().encode(text),
    fileName: null,
    url: null,
    detected: isTsv
      ? { reader: 'csv', fileType: 'csv', mimeType: 'text/tab-separated-values' }
      : { reader: 'text', fileType: 'text', mimeType: 'text/markdown' },
    warnings: [],
  };
}

async function fromFile(source: Extract<InputSource, { kind: 'file' }>, settings: ReadSettings) {
  const { bytes, fileName, mimeType } = source;
  if (bytes.byteLength > settings.maxUploadBytes) {
    throw new AppError('FILE_TOO_LARGE', {
      params: { maxMegabytes: Math.round(settings.maxUploadBytes / MB) },
    });
  }
  if (bytes.byteLength === 0) {
    throw new AppError('FILE_PROCESSING_FAILED', { params: { message: 'the file is empty.' } });
  }
  const detected = await detectFileType({ bytes, fileName, declaredMime: mimeType });
  if (detected.reader === 'pdf' && bytes.byteLength > settings.pdfMaxBytes) {
    throw new AppError('PDF_TOO_LARGE', {
      params: { maxMegabytes: Math.round(settings.pdfMaxBytes / MB) },
    });
  }
  return { sourceType: 'file' as const, bytes, fileName, url: null, detected, warnings: [] };
}

/** The address's last path segment, decoded; a malformed %-escape leaves it as written. */
function fileNameFromUrl(url: string): string | null {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

async function fromUrl(
  url: string,
  settings: ReadSettings,
  signal?: AbortSignal,
): Promise<ResolvedSource> {
  const warnings: string[] = [];
  const { pageReader, ...fetchSettings } = settings.url;
  if (pageReader) {
    // The reader fetches whatever it is given: it gets only what a direct fetch would accept.
    const checked = await checkForwardedUrl(url, fetchSettings.isAllowedAddress);
    try {
      const text = await readViaPageReader({
        settings: pageReader,
        url: checked.href,
        timeoutMs: fetchSettings.timeoutMs,
        maxBytes: fetchSettings.maxBytes,
        signal,
      });
      if (text.trim()) return { ...fromText(text), sourceType: 'url', url, warnings };
    } catch {
      if (signal?.aborted) throw signal.reason;
      warnings.push('The page reader service did not answer, so the page was fetched directly.');
    }
  }
  const fetched = await fetchUrl({ url, ...fetchSettings, signal });
  if (fetched.bytes.byteLength === 0) {
    throw new AppError('URL_FETCH_FAILED', { params: { message: 'the page is empty.' } });
  }
  const fileName = fileNameFromUrl(fetched.finalUrl);
  // The content type decides; the address's file name only helps when the type is generic.
  const isGeneric = /^(text\/plain|application\/octet-stream)?(;|$)/i.test(fetched.contentType);
  const resolved = await fromFile(
    {
      kind: 'file',
      bytes: fetched.bytes,
      fileName: isGeneric ? fileName : null,
      mimeType: fetched.contentType,
    },
    settings,
  );
  return { ...resolved, sourceType: 'url', url: fetched.finalUrl, fileName, warnings };
}

/** Ingest: checks the input's size, type and address, and fetches it when it is a URL. */
export async function resolveSource(
  source: InputSource,
  settings: ReadSettings,
  signal?: AbortSignal,
): Promise<ResolvedSource> {
  switch (source.kind) {
    case 'text':
      return fromText(source.text);
    case 'file':
      return fromFile(source, settings);
    case 'url':
      return fromUrl(source.url, settings, signal);
  }
}
