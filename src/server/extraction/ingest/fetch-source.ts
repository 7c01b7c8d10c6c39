import type { SourceType } from '../../../shared/document';
import { AppError } from '../../../shared/errors';
import type { ReadSettings } from '../read-settings';
import { checkForwardedUrl, fetchUrl } from './fetch-url';
import { readViaPageReader } from './page-reader';
import { cleanDocumentName } from '../../../shared/document-name';

/** What the user gave: pasted text, an uploaded file, or a web address. */
export type InputSource =
  /** `name`: what a batch calls pasted text ("Text 1", … when none is given). */
  | { kind: 'text'; text: string; name?: string }
  | { kind: 'file'; bytes: Uint8Array; fileName: string | null; mimeType: string | null }
  | { kind: 'url'; url: string };

/**
 * An input the server now holds, as text or bytes, ready to be parsed in the read pool. Nothing
 * in it has been parsed yet: this is what crosses from the web thread to a worker.
 */
export type FetchedInput =
  | { kind: 'text'; text: string; sourceType: SourceType; url: string | null; warnings: string[] }
  | {
      kind: 'bytes';
      bytes: Uint8Array;
      sourceType: 'file' | 'url';
      /** The name shown and recorded (for a page, the last part of its address). */
      fileName: string | null;
      /** The name the type detection may use: a page's name counts only for a generic type. */
      nameForDetection: string | null;
      mimeType: string | null;
      url: string | null;
      warnings: string[];
    };

const MB = 1024 * 1024;

function fromText(text: string): FetchedInput {
  if (!text.trim()) throw new AppError('NO_CONTENT');
  return { kind: 'text', text, sourceType: 'text', url: null, warnings: [] };
}

function fromFile(source: Extract<InputSource, { kind: 'file' }>, maxUploadBytes: number) {
  const { bytes, fileName, mimeType } = source;
  if (bytes.byteLength > maxUploadBytes) {
    throw new AppError('FILE_TOO_LARGE', {
      params: { maxMegabytes: Math.round(maxUploadBytes / MB) },
    });
  }
  if (bytes.byteLength === 0) {
    throw new AppError('FILE_PROCESSING_FAILED', { params: { message: 'the file is empty.' } });
  }
  return {
    kind: 'bytes' as const,
    bytes,
    sourceType: 'file' as const,
    fileName,
    nameForDetection: fileName,
    mimeType,
    url: null,
    warnings: [],
  };
}

/** The address's last path segment, decoded; a malformed %-escape leaves it as written. */
function fileNameFromUrl(url: string): string | null {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  try {
    return cleanDocumentName(decodeURIComponent(last)) || null;
  } catch {
    return cleanDocumentName(last) || null;
  }
}

async function fromUrl(
  url: string,
  settings: ReadSettings,
  signal?: AbortSignal,
): Promise<FetchedInput> {
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
      if (text.trim()) return { kind: 'text', text, sourceType: 'url', url, warnings };
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
  const file = fromFile(
    { kind: 'file', bytes: fetched.bytes, fileName, mimeType: fetched.contentType },
    settings.maxUploadBytes,
  );
  return {
    ...file,
    sourceType: 'url',
    nameForDetection: isGeneric ? fileName : null,
    url: fetched.finalUrl,
    warnings,
  };
}

/**
 * Ingest, the part that runs on the web thread: checks sizes and fetches a web address. It reads
 * no content; parsing (type detection included) happens in the read pool.
 */
export async function fetchSource(
  source: InputSource,
  settings: ReadSettings,
  signal?: AbortSignal,
): Promise<FetchedInput> {
  switch (source.kind) {
    case 'text':
      return fromText(source.text);
    case 'file':
      return fromFile(source, settings.maxUploadBytes);
    case 'url':
      return fromUrl(source.url, settings, signal);
  }
}
