// Pages without a text layer (scans): rendered to a PNG for the vision model and read by OCR.
import { AppError } from '../../../../shared/errors';
import { blocksText, ocrBlocks } from '../ocr-layout';
import { megabytes, rgbaBytes, UNBUDGETED, type PixelBudget } from '../pixel-budget';
import type { Block, ImageData, OcrEngine, OcrWord, PlacedWord } from '../types';
import { toPdfError } from './pdf-document';
import type { PDFPageProxy } from './pdfjs';
import { renderedSize, renderPage } from './pdf-render';

/** Long side of a rendered page in pixels: about 150–200 dpi on A4 or Letter. */
const RENDERED_LONG_SIDE = 1800;

/**
 * Renders the page within a reservation of its canvas and the encoder's copy, given back (freed)
 * once the PNG is made. Images the page draws are decoded by pdf.js, each within its size limit.
 */
async function renderScan(page: PDFPageProxy, number: number, pixels: PixelBudget) {
  const size = renderedSize(page, RENDERED_LONG_SIDE);
  const needed = 2 * rgbaBytes(size.width, size.height);
  const reservation = await pixels.reserve(needed);
  if ('isRefused' in reservation) {
    const message = `page ${number} takes ${megabytes(needed)} of memory to render, more than the ${megabytes(reservation.limitBytes)} this server allows one file.`;
    throw new AppError('PDF_PROCESSING_FAILED', { params: { message } });
  }
  try {
    const { canvas, scale } = await renderPage(page, RENDERED_LONG_SIDE).catch((error: unknown) => {
      throw toPdfError(error);
    });
    const { width, height } = canvas;
    return { bytes: new Uint8Array(await canvas.encode('png')), width, height, scale };
  } finally {
    reservation.release();
  }
}

/** What OCR found, as boxes on the page in its own units (the render was `scale` times larger). */
function onPage(words: OcrWord[], page: number, scale: number): PlacedWord[] {
  return words.map((word) => ({
    page,
    text: word.text,
    x0: word.x0 / scale,
    y0: word.y0 / scale,
    x1: word.x1 / scale,
    y1: word.y1 / scale,
    confidence: word.confidence ?? null,
  }));
}

export type ScannedPage = {
  image: ImageData;
  blocks: Block[];
  warning: string;
  /** The words OCR found, placed on the page. */
  words: PlacedWord[];
};
export type ScanTools = { ocr: OcrEngine; pixels?: PixelBudget; signal?: AbortSignal };

/** Renders page `number` and reads it by OCR; an OCR failure leaves the image without text. */
export async function scanPage(
  page: PDFPageProxy,
  number: number,
  { ocr, pixels = UNBUDGETED, signal }: ScanTools,
): Promise<ScannedPage> {
  const { bytes, width, height, scale } = await renderScan(page, number, pixels);
  const image: ImageData = {
    page: number,
    mimeType: 'image/png',
    width,
    height,
    bytes,
    ocrText: null,
    ocrConfidence: null,
  };
  let blocks: Block[] = [];
  let placed: PlacedWord[] = [];
  try {
    const { text, confidence, words } = await ocr.recognize(bytes, signal);
    placed = onPage(words ?? [], number, scale);
    // Lines and tables are rebuilt from where OCR found the words, as for a page's own text.
    blocks = words?.length ? ocrBlocks(words, number, 'pdf') : [];
    image.ocrText = (blocks.length > 0 ? blocksText(blocks) : text).trim();
    image.ocrConfidence = Math.min(100, Math.max(0, confidence));
  } catch {
    if (signal?.aborted) throw signal.reason;
    const warning = `Page ${number} is a scanned image and OCR could not read it.`;
    return { image, blocks: [], warning, words: [] };
  }
  if (blocks.length === 0)
    blocks = image.ocrText
      .split(/\n\s*\n/)
      .filter((text) => text.trim())
      .map((text) => ({ kind: 'paragraph', text, page: number }));
  return {
    image,
    blocks,
    words: placed,
    warning: `Page ${number} is a scanned image; its text was read by OCR.`,
  };
}
