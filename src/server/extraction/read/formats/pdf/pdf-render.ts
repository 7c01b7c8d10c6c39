// Drawing a PDF page on a canvas (@napi-rs/canvas), for OCR of scanned pages and for the page
// pictures shown beside a result.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from './pdfjs';

function pageViewport(page: PDFPageProxy, longSide: number) {
  const natural = page.getViewport({ scale: 1 });
  const scale = longSide / Math.max(natural.width, natural.height, 1);
  const viewport = page.getViewport({ scale });
  return { scale, viewport, width: Math.ceil(viewport.width), height: Math.ceil(viewport.height) };
}

/** The canvas `renderPage` draws on, in pixels: what drawing the page will hold. */
export function renderedSize(page: PDFPageProxy, longSide: number) {
  const { width, height } = pageViewport(page, longSide);
  return { width, height };
}

/**
 * The page drawn on white, `longSide` pixels on its longer side; `scale` is pixels per page unit
 * (the units word boxes are measured in).
 */
export async function renderPage(
  page: PDFPageProxy,
  longSide: number,
): Promise<{ canvas: Canvas; scale: number }> {
  const { scale, viewport, width, height } = pageViewport(page, longSide);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // @napi-rs/canvas implements the 2D context pdf.js draws with; only the DOM type differs.
  const canvasContext = context as unknown as CanvasRenderingContext2D;
  await page.render({ canvas: null, canvasContext, viewport }).promise;
  return { canvas, scale };
}
