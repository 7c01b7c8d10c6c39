// Opening a PDF with pdf.js (legacy build, which is the one for Node): no network, no eval, fonts
// and character maps from node_modules, warnings silenced. Also the title.
import { createRequire } from 'node:module';
import path from 'node:path';
import { AppError } from '../../../../../shared/errors';
import { cleanLine } from '../../clean-text';
import { MAX_IMAGE_PIXELS } from '../image';
import { VerbosityLevel, getDocument } from './pdfjs';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from './pdfjs';

const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folder = (name: string) => `${path.join(PDFJS_ROOT, name)}${path.sep}`;

/**
 * Starts loading; pdf.js takes ownership of the buffer it is given, so it gets a copy. The 14
 * standard fonts a PDF may use without embedding them (Helvetica, Times, ...) are read with the
 * metrics pdf.js has built in: their outlines (`standardFontDataUrl`) only draw the text, which
 * happens for scanned pages alone, and loading them for every document cost about a tenth of the
 * reading time of short documents (docs/decisions/014-pdf-reading-speed.md).
 */
export function loadPdf(bytes: Uint8Array): PDFDocumentLoadingTask {
  return getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    useWorkerFetch: false,
    // An image larger than an uploaded image may be is left out rather than decoded.
    maxImageSize: MAX_IMAGE_PIXELS,
    cMapUrl: folder('cmaps'),
    cMapPacked: true,
    iccUrl: folder('iccs'),
    wasmUrl: folder('wasm'),
    verbosity: VerbosityLevel.ERRORS,
  });
}

/** pdf.js failures in words a user can act on. */
export function toPdfError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const isLocked = error instanceof Error && error.name === 'PasswordException';
  const message = isLocked ? 'the file is password-protected' : 'the file is damaged or not a PDF';
  return new AppError('PDF_PROCESSING_FAILED', { params: { message }, cause: error });
}

/** The Title from the document information or, failing that, from the XMP metadata. */
export async function readTitle(pdf: PDFDocumentProxy): Promise<string | null> {
  const { info, metadata } = await pdf.getMetadata();
  const infoTitle =
    typeof info === 'object' && info !== null && 'Title' in info && typeof info.Title === 'string'
      ? info.Title
      : '';
  const xmpTitle: unknown = metadata?.get('dc:title');
  const title = cleanLine(infoTitle) || cleanLine(typeof xmpTitle === 'string' ? xmpTitle : '');
  return title || null;
}
