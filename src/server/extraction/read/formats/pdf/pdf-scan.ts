// Pages without a text layer (scans): rendered to a PNG for the vision model and read by OCR.
import { AppError } from '../../../../../shared/errors';
import { blocksText, ocrBlocks } from '../../ocr-layout';
import { megabytes, rgbaBytes, UNBUDGETED, type PixelBudget } from '../../pixel-budget';
import { grayFromRgba } from '../../photo/gray-image';
import { readPhoto, type PhotoReading } from '../../photo/read-photo';
import type { Block, ImageData, OcrEngine, PlacedWord } from '../../types';
import { toPdfError } from './pdf-document';
import type { PDFPageProxy } from './pdfjs';
import { renderedSize, renderPage } from './pdf-render';

/** Long side of a rendered page in pixels: about 150–200 dpi on A4 or Letter. */
const RENDERED_LONG_SIDE = 1800;

/**
 * Renders the page within a reservation of its canvas, the encoder's copy and the pixels read back
 * for OCR (and their gray copy), given back (freed) once the PNG is made. Images the page draws are
 * decoded by pdf.js, each within its size limit.
 */
async function renderScan(page: PDFPageProxy, number: number, pixels: PixelBudget) {
  const size = renderedSize(page, RENDERED_LONG_SIDE);
  const needed = 3 * rgbaBytes(size.width, size.height) + size.width * size.height;
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
    const bytes = new Uint8Array(canvas.encodeSync('png'));
    const gray = grayFromRgba(
      canvas.getContext('2d').getImageData(0, 0, width, height).data,
      width,
      height,
    );
    return { bytes, gray, width, height, scale };
  } finally {
    reservation.release();
  }
}

/** What OCR found, as boxes on the page in its own units (the render was `scale` times larger). */
function onPage(reading: PhotoReading, page: number, scale: number): PlacedWord[] {
  return reading.words.map((word, i) => {
    const box = reading.boxes[i] ?? word;
    return {
      page,
      text: word.text,
      x0: box.x0 / scale,
      y0: box.y0 / scale,
      x1: box.x1 / scale,
      y1: box.y1 / scale,
      confidence: word.confidence ?? null,
    };
  });
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
  const { bytes, gray, width, height, scale } = await renderScan(page, number, pixels);
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
    // Cleaned up first (read/photo/): a scan can be skewed, turned, unevenly lit or small.
    const reading = await readPhoto({ ocr, gray, pixels, signal });
    const { text, confidence, words } = reading;
    placed = onPage(reading, number, scale);
    // Lines and tables are rebuilt from where OCR found the words, as for a page's own text.
    blocks = words.length > 0 ? ocrBlocks(words, number, 'pdf') : [];
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
