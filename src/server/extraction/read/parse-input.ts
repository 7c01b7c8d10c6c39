import { AppError } from '../../../shared/errors';
import type { FetchedInput } from '../ingest/fetch-source';
import type { ReaderKind } from '../ingest/detect-type';
import { resolveSource, type ResolvedSource } from '../ingest/resolve-source';
import type { ParseSettings } from '../read-settings';
import { buildDocument, numberImages } from './build-document';
import { placeWords } from './place-words';
import type { PixelBudget } from './pixel-budget';
import type { OcrEngine, PagePictureData, Reader, ReadOutput, ServerDocument } from './types';

// Readers load their libraries (pdf.js, exceljs, ...) on first use, so a worker starts quickly.
const READERS: Record<ReaderKind, () => Promise<Reader>> = {
  pdf: async () => (await import('./formats/pdf')).readPdf,
  docx: async () => (await import('./formats/docx')).readDocx,
  xlsx: async () => (await import('./formats/spreadsheet')).readSpreadsheet,
  image: async () => (await import('./formats/image')).readImage,
  csv: async () => (await import('./formats/csv')).readCsv,
  text: async () => (await import('./formats/text')).readText,
  html: async () => (await import('./formats/html')).readHtml,
  json: async () => (await import('./formats/json')).readJson,
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

export type ParseInputOptions = {
  input: FetchedInput;
  settings: ParseSettings;
  ocr: OcrEngine;
  /** Where decoded pixels are reserved (the read pool's budget). */
  pixels: PixelBudget;
  /** Called as each page of a PDF is read. */
  onPage?: (page: number, pages: number) => void;
};

async function runReader(resolved: ResolvedSource, options: ParseInputOptions) {
  const reader = await READERS[resolved.detected.reader]();
  try {
    return await reader({
      bytes: resolved.bytes,
      fileName: resolved.fileName,
      mimeType: resolved.detected.mimeType,
      limits: options.settings.limits,
      ocr: options.ocr,
      pixels: options.pixels,
      onPage: options.onPage,
      pagePictures: options.settings.pagePictures,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unexpectedReadError(resolved.detected.reader, error);
  }
}

/**
 * The pages as pictures, when asked for: a PDF's drawn pages; for an image, the image OCR read
 * (its word boxes are in that image's pixels).
 */
function picturesOf(
  resolved: ResolvedSource,
  output: ReadOutput,
  images: ServerDocument['images'],
): PagePictureData[] | undefined {
  if (output.pictures) return output.pictures;
  const image = images[0];
  if (resolved.detected.reader !== 'image' || !image) return undefined;
  const { mimeType, width, height, bytes } = image;
  return width > 0 && height > 0 ? [{ page: 1, mimeType, width, height, bytes }] : [];
}

function toServerDocument(
  resolved: ResolvedSource,
  output: ReadOutput,
  settings: ParseSettings,
): ServerDocument {
  const { maxCharacters } = settings.limits;
  const built = buildDocument(output.blocks, maxCharacters);
  const images = numberImages(output.images ?? []).map((image) => ({ ...image }));
  const pictures = settings.pagePictures ? picturesOf(resolved, output, images) : undefined;
  if (!built.markdown.trim() && images.length === 0) throw new AppError('CONTENT_EMPTY');

  const warnings = [...resolved.warnings, ...(output.warnings ?? [])];
  if (built.isTruncated) {
    warnings.push(`The text was cut at ${maxCharacters.toLocaleString('en-US')} characters.`);
  }
  const layout =
    output.words && output.pageSizes?.length
      ? placeWords({ ...built, words: output.words, pageSizes: output.pageSizes })
      : undefined;
  return {
    markdown: built.markdown,
    segments: built.segments,
    tables: built.tables,
    images,
    ...(layout ? { layout } : {}),
    ...(pictures ? { pictures } : {}),
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

/**
 * Parsing, the part of reading that touches untrusted bytes: type detection, the format's
 * reader, and the Document built from its blocks. It runs in the read pool's worker threads
 * (read/pool/), never on the web thread; tests may call it directly.
 */
export async function parseInput(options: ParseInputOptions): Promise<ServerDocument> {
  const resolved = await resolveSource(options.input, options.settings);
  const output = await runReader(resolved, options);
  return toServerDocument(resolved, output, options.settings);
}
