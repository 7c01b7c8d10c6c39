// PDF reader: the first pages' text in reading order, with tables rebuilt from text positions;
// scanned pages rendered for the vision model and read by OCR.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdf, readFragments, readTitle, toPdfError } from './pdf/pdf-document';
import { findRunningLines, joinContinuedTables, layoutPage } from './pdf/pdf-layout';
import { toLines } from './pdf/pdf-lines';
import type { PdfLine } from './pdf/pdf-lines';
import { hasDrawing, scanPage } from './pdf/pdf-scan';
import type { ScannedPage } from './pdf/pdf-scan';
import type { Block, ImageData, OcrEngine, Reader, ReaderInput } from './types';

/** A page with fewer characters than this in its text layer is treated as a scan. */
const MIN_TEXT_CHARACTERS = 20;

type PageRead = { number: number; lines: PdfLine[]; scan: ScannedPage | null };

function countCharacters(lines: PdfLine[]): number {
  return lines.reduce((sum, line) => sum + line.text.replace(/\s/g, '').length, 0);
}

async function readPage(
  pdf: PDFDocumentProxy,
  number: number,
  ocr: OcrEngine,
  signal?: AbortSignal,
): Promise<PageRead> {
  const page = await pdf.getPage(number).catch((error: unknown) => {
    throw toPdfError(error);
  });
  try {
    const fragments = await readFragments(page).catch((error: unknown) => {
      throw toPdfError(error);
    });
    const lines = toLines(fragments);
    if (countCharacters(lines) >= MIN_TEXT_CHARACTERS) return { number, lines, scan: null };
    const isDrawn = await hasDrawing(page).catch((error: unknown) => {
      throw toPdfError(error);
    });
    if (!isDrawn) return { number, lines, scan: null };
    return { number, lines: [], scan: await scanPage(page, number, ocr, signal) };
  } finally {
    page.cleanup();
  }
}

async function readPages(
  pdf: PDFDocumentProxy,
  count: number,
  { ocr, signal, onPage }: Pick<ReaderInput, 'ocr' | 'signal' | 'onPage'>,
) {
  const pages: PageRead[] = [];
  for (let number = 1; number <= count; number += 1) {
    if (signal?.aborted) throw signal.reason;
    onPage?.(number, count);
    pages.push(await readPage(pdf, number, ocr, signal));
  }
  return pages;
}

export const readPdf: Reader = async ({ bytes, limits, ocr, signal, onPage }) => {
  const task = loadPdf(bytes);
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      throw toPdfError(error);
    });
    const totalPages = pdf.numPages;
    const pagesProcessed = Math.min(totalPages, Math.max(1, limits.maxPdfPages));
    const pages = await readPages(pdf, pagesProcessed, { ocr, signal, onPage });
    const running = findRunningLines(pages.map((page) => page.lines));
    const blocks: Block[] = [];
    const images: ImageData[] = [];
    const warnings: string[] = [];
    if (pagesProcessed < totalPages)
      warnings.push(`Only the first ${pagesProcessed} of ${totalPages} pages were read.`);
    for (const page of pages) {
      if (!page.scan) {
        blocks.push(...layoutPage(page.lines, page.number, running));
        continue;
      }
      blocks.push(...page.scan.blocks);
      images.push(page.scan.image);
      warnings.push(page.scan.warning);
    }
    // The title is a nicety: metadata too broken to read does not make the file unreadable.
    const title = await readTitle(pdf).catch(() => null);
    return {
      blocks: joinContinuedTables(blocks),
      images,
      title,
      pagesProcessed,
      totalPages,
      warnings,
    };
  } finally {
    await task.destroy();
  }
};
