// PDF reader: the first pages' text in reading order, with tables rebuilt from the positions of
// words and the lines drawn on the page (text printed sideways is read in its own direction);
// scanned pages rendered for the vision model and read by OCR.
import { AppError } from '../../../../shared/errors';
import { layoutPage, preparePage, type PreparedPage } from '../layout/page-layout';
import { loadPdf, readTitle, toPdfError } from './pdf/pdf-document';
import { readPageContent } from './pdf/pdf-content';
import { pageFrames, placedWords } from './pdf/pdf-frames';
import {
  MAX_STREAM_BYTES,
  openInflateAllowance,
  type InflateAllowance,
  type InflateExcess,
} from './pdf/inflate-in-thread';
import { findRunningLines, joinContinuedTables } from './pdf/pdf-layout';
import { pagePicture } from './pdf/pdf-picture';
import { scanPage } from './pdf/pdf-scan';
import type { PDFDocumentProxy, PDFPageProxy } from './pdf/pdfjs';
import type { ScannedPage } from './pdf/pdf-scan';
import type { PageSize } from '../../../../shared/document';
import type {
  Block,
  ImageData,
  OcrEngine,
  PagePictureData,
  PlacedWord,
  Reader,
  ReaderInput,
} from '../types';

/** A page with fewer characters than this in its text layer is treated as a scan. */
const MIN_TEXT_CHARACTERS = 20;

type PageRead = {
  number: number;
  frames: PreparedPage[];
  scan: ScannedPage | null;
  size: PageSize;
  words: PlacedWord[];
  picture: PagePictureData | null;
};

function countCharacters(frames: PreparedPage[]): number {
  let count = 0;
  for (const frame of frames) {
    for (const line of frame.lines) for (const word of line.words) count += word.text.length;
    for (const { table } of frame.tables) for (const cell of table.cells) count += cell.text.length;
  }
  return count;
}

type PageOptions = Pick<ReaderInput, 'pixels' | 'signal' | 'pagePictures'> & { ocr: OcrEngine };

async function readPage(
  pdf: PDFDocumentProxy,
  number: number,
  options: PageOptions,
): Promise<PageRead> {
  const page = await pdf.getPage(number).catch((error: unknown) => {
    throw toPdfError(error);
  });
  try {
    const read = await readPageText(page, number, options);
    const picture = options.pagePictures ? await pagePicture(page, number) : null;
    return { ...read, picture };
  } finally {
    page.cleanup();
  }
}

async function readPageText(
  page: PDFPageProxy,
  number: number,
  { ocr, pixels, signal }: PageOptions,
): Promise<Omit<PageRead, 'picture'>> {
  const content = await readPageContent(page).catch((error: unknown) => {
    throw toPdfError(error);
  });
  const [main, ...others] = pageFrames(content);
  const first = main ? [preparePage(main)] : [];
  const taken = first[0]?.usedGuests;
  const frames = [
    ...first,
    ...others.map((text) =>
      preparePage({ ...text, words: text.words.filter((w) => !taken?.has(w)) }),
    ),
  ];
  const size = { page: number, width: content.width, height: content.height };
  if (countCharacters(frames) >= MIN_TEXT_CHARACTERS || !content.isDrawn)
    return { number, frames, scan: null, size, words: placedWords(content, number) };
  const scan = await scanPage(page, number, { ocr, pixels, signal });
  return { number, frames: [], scan, size, words: scan.words };
}

const MB = 1024 * 1024;

function tooMuchInflated(excess: InflateExcess, limits: ReaderInput['limits']): AppError {
  const message =
    excess === 'total'
      ? `its content unpacks to more than ${Math.round(limits.maxUncompressedBytes / MB)}MB`
      : `one of its parts unpacks to more than ${Math.round(MAX_STREAM_BYTES / MB)}MB`;
  return new AppError('PDF_PROCESSING_FAILED', { params: { message } });
}

async function readPages(
  pdf: PDFDocumentProxy,
  count: number,
  options: Pick<ReaderInput, 'ocr' | 'pixels' | 'signal' | 'onPage' | 'limits' | 'pagePictures'> & {
    inflated: InflateAllowance;
  },
) {
  const { signal, onPage, limits, inflated } = options;
  const pages: PageRead[] = [];
  for (let number = 1; number <= count; number += 1) {
    if (signal?.aborted) throw signal.reason;
    onPage?.(number, count);
    pages.push(await readPage(pdf, number, options));
    if (inflated.excess) throw tooMuchInflated(inflated.excess, limits);
  }
  return pages;
}

export const readPdf: Reader = async (input) => {
  const { bytes, limits, ocr, pixels, signal, onPage, pagePictures } = input;
  // What the file's compressed streams may inflate to, as for the parts of a Word file.
  const inflated = openInflateAllowance(limits.maxUncompressedBytes);
  const task = loadPdf(bytes);
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      throw inflated.excess ? tooMuchInflated(inflated.excess, limits) : toPdfError(error);
    });
    const totalPages = pdf.numPages;
    const pagesProcessed = Math.min(totalPages, Math.max(1, limits.maxPdfPages));
    const pages = await readPages(pdf, pagesProcessed, {
      ocr,
      pixels,
      signal,
      onPage,
      limits,
      inflated,
      pagePictures,
    });
    const running = findRunningLines(pages.map((page) => page.frames.flatMap((f) => f.lines)));
    const blocks: Block[] = [];
    const images: ImageData[] = [];
    const warnings: string[] = [];
    if (pagesProcessed < totalPages)
      warnings.push(`Only the first ${pagesProcessed} of ${totalPages} pages were read.`);
    for (const page of pages) {
      for (const frame of page.frames)
        blocks.push(...layoutPage(frame, { page: page.number, source: 'pdf', running }));
      if (!page.scan) continue;
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
      words: pages.flatMap((page) => page.words),
      pageSizes: pages.map((page) => page.size),
      ...(pagePictures ? { pictures: pages.flatMap((page) => page.picture ?? []) } : {}),
    };
  } finally {
    inflated.close();
    await task.destroy();
  }
};
