// A PDF page as a picture for people: drawn at about 1300 pixels on its longer side (about 110
// dpi on A4, sharp on a laptop screen, zoomable twice) and kept as a JPEG.
import type { PagePictureData } from '../../types';
import type { PDFPageProxy } from './pdfjs';
import { renderPage } from './pdf-render';

const PICTURE_LONG_SIDE = 1300;
const JPEG_QUALITY = 80;

/** Page `number` as a JPEG, or null when it cannot be drawn (the text was read all the same). */
export async function pagePicture(
  page: PDFPageProxy,
  number: number,
): Promise<PagePictureData | null> {
  try {
    const { canvas } = await renderPage(page, PICTURE_LONG_SIDE);
    const bytes = new Uint8Array(canvas.encodeSync('jpeg', JPEG_QUALITY));
    return {
      page: number,
      mimeType: 'image/jpeg',
      width: canvas.width,
      height: canvas.height,
      bytes,
    };
  } catch {
    return null;
  }
}
