import type { DocumentImage, DocumentJson } from '../../shared/document';
import { AppError } from '../../shared/errors';
import { resolveSource, type InputSource, type ResolvedSource } from './ingest/resolve-source';
import { buildDocument, numberImages } from './read/build-document';
import type { OcrEngine, Reader, ReadOutput } from './read/types';
import type { ReadSettings } from './read-settings';
import type { ReaderKind } from './ingest/detect-type';

/** A Document on the server: the JSON shape, with the images' bytes kept for a vision model. */
export type ServerDocument = Omit<DocumentJson, 'images'> & {
  images: (DocumentImage & { bytes: Uint8Array })[];
};

// Readers load their libraries (pdf.js, exceljs, ...) on first use, so start-up stays quick.
const READERS: Record<ReaderKind, () => Promise<Reader>> = {
  pdf: async () => (await import('./read/pdf')).readPdf,
  docx: async () => (await import('./read/docx')).readDocx,
  xlsx: async () => (await import('./read/spreadsheet')).readSpreadsheet,
  image: async () => (await import('./read/image')).readImage,
  csv: async () => (await import('./read/csv')).readCsv,
  text: async () => (await import('./read/text')).readText,
  html: async () => (await import('./read/html')).readHtml,
  json: async () => (await import('./read/json')).readJson,
};

/** A failure a reader did not foresee still gets the message of its format. */
function unexpectedReadError(reader: ReaderKind, cause: unknown): AppError {
  const message =
    cause instanceof Error && cause.message ? cause.message : 'the file could not be read.';
  if (reader === 'pdf')
    return new AppError('PDF_PROCESSING_FAILED', { params: { message }, cause });
  if (reader === 'image')
    return new AppError('IMAGE_PROCESSING_FAILED', { params: { message }, cause });
  return new AppError('FILE_PROCESSING_FAILED', {
    params: { message: 'the file is damaged or could not be read.' },
    cause,
  });
}

async function runReader(
  resolved: ResolvedSource,
  options: ReadInputOptions,
  signal: AbortSignal,
): Promise<ReadOutput> {
  const { settings, ocr } = options;
  const reader = await READERS[resolved.detected.reader]();
  const read = reader({
    bytes: resolved.bytes,
    fileName: resolved.fileName,
    mimeType: resolved.detected.mimeType,
    limits: settings.limits,
    ocr,
    signal,
    onPage: options.onPage,
  });
  // Some libraries cannot be interrupted; the request still ends on time.
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  try {
    return await Promise.race([read, aborted]);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (signal.aborted) {
      throw new AppError('READ_TIMEOUT', {
        params: { seconds: Math.round(settings.timeoutMs / 1000) },
      });
    }
    if (error instanceof AppError) throw error;
    throw unexpectedReadError(resolved.detected.reader, error);
  }
}

export type ReadInputOptions = {
  source: InputSource;
  settings: ReadSettings;
  ocr: OcrEngine;
  signal?: AbortSignal;
  /** Called as each page of a PDF is read. */
  onPage?: (page: number, pages: number) => void;
};

/** Ingest and read: any input becomes one Document, or an AppError that says what went wrong. */
export async function readInput(options: ReadInputOptions): Promise<ServerDocument> {
  const { settings } = options;
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const resolved = await resolveSource(options.source, settings, signal);
  const output = await runReader(resolved, options, signal);

  const built = buildDocument(output.blocks, settings.limits.maxCharacters);
  const images = numberImages(output.images ?? []).map((image) => ({ ...image }));
  if (!built.markdown.trim() && images.length === 0) throw new AppError('CONTENT_EMPTY');

  const warnings = [...resolved.warnings, ...(output.warnings ?? [])];
  if (built.isTruncated) {
    warnings.push(
      `The text was cut at ${settings.limits.maxCharacters.toLocaleString('en-US')} characters.`,
    );
  }
  return {
    markdown: built.markdown,
    segments: built.segments,
    tables: built.tables,
    images,
    metadata: {
      sourceType: resolved.sourceType,
      fileType: resolved.detected.fileType,
      mimeType: resolved.detected.mimeType,
      fileName: resolved.fileName,
      url: resolved.url,
      size: resolved.bytes.byteLength,
      title: output.title ?? null,
      pagesProcessed: output.pagesProcessed ?? null,
      totalPages: output.totalPages ?? null,
      characters: built.markdown.length,
      isTruncated: built.isTruncated,
      warnings,
    },
  };
}

/** The Document as JSON: image bytes become data URLs when asked for, otherwise stay out. */
export function toDocumentJson(
  document: ServerDocument,
  imageMode: 'none' | 'data-url' = 'none',
): DocumentJson {
  return {
    ...document,
    images: document.images.map(({ bytes, ...image }) =>
      imageMode === 'data-url'
        ? {
            ...image,
            dataUrl: `data:${image.mimeType};base64,${Buffer.from(bytes).toString('base64')}`,
          }
        : image,
    ),
  };
}
