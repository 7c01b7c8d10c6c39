// Pages without a text layer (scans): rendered to a PNG for the vision model and read by OCR.
import { createCanvas } from '@napi-rs/canvas';
import { AppError } from '../../../../shared/errors';
import { blocksText, ocrBlocks } from '../ocr-layout';
import { megabytes, rgbaBytes, UNBUDGETED, type PixelBudget } from '../pixel-budget';
import type { Block, ImageData, OcrEngine } from '../types';
import { toPdfError } from './pdf-document';
import type { PDFPageProxy } from './pdfjs';

/** Long side of a rendered page in pixels: about 150–200 dpi on A4 or Letter. */
const RENDERED_LONG_SIDE = 1800;

function pageViewport(page: PDFPageProxy) {
  const natural = page.getViewport({ scale: 1 });
  const scale = RENDERED_LONG_SIDE / Math.max(natural.width, natural.height, 1);
  return page.getViewport({ scale });
}

async function renderPage(page: PDFPageProxy, viewport: ReturnType<typeof pageViewport>) {
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  // @napi-rs/canvas implements the 2D context pdf.js draws with; only the DOM type differs.
  const canvasContext = context as unknown as CanvasRenderingContext2D;
  await page.render({ canvas: null, canvasContext, viewport }).promise;
  return { bytes: new Uint8Array(await canvas.encode('png')), width, height };
}

/**
 * Renders the page within a reservation of its canvas and the encoder's copy, given back (freed)
 * once the PNG is made. Images the page draws are decoded by pdf.js, each within its size limit.
 */
async function renderWithin(page: PDFPageProxy, number: number, pixels: PixelBudget) {
  const viewport = pageViewport(page);
  const needed = 2 * rgbaBytes(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const reservation = await pixels.reserve(needed);
  if ('isRefused' in reservation) {
    const message = `page ${number} takes ${megabytes(needed)} of memory to render, more than the ${megabytes(reservation.limitBytes)} this server allows one file.`;
    throw new AppError('PDF_PROCESSING_FAILED', { params: { message } });
  }
  try {
    return await renderPage(page, viewport).catch((error: unknown) => {
      throw toPdfError(error);
    });
  } finally {
    reservation.release();
  }
}

export type ScannedPage = { image: ImageData; blocks: Block[]; warning: string };
export type ScanTools = { ocr: OcrEngine; pixels?: PixelBudget; signal?: AbortSignal };

/** Renders page `number` and reads it by OCR; an OCR failure leaves the image without text. */
export async function scanPage(
  page: PDFPageProxy,
  number: number,
  { ocr, pixels = UNBUDGETED, signal }: ScanTools,
): Promise<ScannedPage> {
  const { bytes, width, height } = await renderWithin(page, number, pixels);
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
  try {
    const { text, confidence, words } = await ocr.recognize(bytes, signal);
    // Lines and tables are rebuilt from where OCR found the words, as for a page's own text.
    blocks = words?.length ? ocrBlocks(words, number, 'pdf') : [];
    image.ocrText = (blocks.length > 0 ? blocksText(blocks) : text).trim();
    image.ocrConfidence = Math.min(100, Math.max(0, confidence));
  } catch {
    if (signal?.aborted) throw signal.reason;
    const warning = `Page ${number} is a scanned image and OCR could not read it.`;
    return { image, blocks: [], warning };
  }
  if (blocks.length === 0)
    blocks = image.ocrText
      .split(/\n\s*\n/)
      .filter((text) => text.trim())
      .map((text) => ({ kind: 'paragraph', text, page: number }));
  return { image, blocks, warning: `Page ${number} is a scanned image; its text was read by OCR.` };
}
