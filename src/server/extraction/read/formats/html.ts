import type { TableSource } from '../../../../shared/document';
import { AppError } from '../../../../shared/errors';
import { cleanLine } from '../clean-text';
import { removeClutter, removeNonContent } from './html/clean-dom';
import { decodeHtmlBytes, looksLikeBinary } from './html/decode-html';
import { collectBlocks } from './html/html-blocks';
import { inlineText } from './html/inline-text';
import { selectMainContent } from './html/main-content';
import { countElements, parseHtmlDocument } from './html/parse-html';
import type { Block, Reader, ReaderInput, ReadLimits, ReadOutput } from '../types';

export type HtmlToBlocksOptions = {
  /** What the tables are recorded as coming from; 'html' unless said. */
  tableSource?: TableSource;
  /** Read every table as a data table, even one that looks like page layout (DOCX). */
  isEveryTableData?: boolean;
  /** Adds what the markup lacks before blocks are read (the DOCX reader's table facts). */
  prepare?: (document: Document) => void;
};

/**
 * Markup whose every part is content (a converted Word document, say) → blocks in document order:
 * headings, paragraphs with Markdown links and emphasis, lists, code, and tables as rows of cells.
 * No article extraction and no clutter removal, only scripts, styles and hidden parts dropped.
 */
export function htmlToBlocks(html: string, options: HtmlToBlocksOptions = {}): Block[] {
  const document = parseHtmlDocument(html);
  options.prepare?.(document);
  removeNonContent(document.body);
  return collectBlocks(document.body, {
    tableSource: options.tableSource ?? 'html',
    isEveryTableData: options.isEveryTableData ?? false,
  }).map((entry) => entry.block);
}

function pageTitle(document: Document): string | null {
  const title = document.querySelector('title');
  const text = title ? cleanLine(title.textContent ?? '') : '';
  return text || null;
}

function firstHeading(document: Document): string | null {
  const heading = document.querySelector('h1');
  return heading ? cleanLine(inlineText(heading, 'plain')) || null : null;
}

/** A page is refused before parsing when it is larger, or holds more elements, than allowed. */
function assertWithinLimits(bytes: Uint8Array, html: string, limits: ReadLimits) {
  if (bytes.byteLength > limits.maxHtmlBytes) {
    const maxMegabytes = Math.round(limits.maxHtmlBytes / 1024 / 1024);
    throw new AppError('HTML_TOO_LARGE', { params: { maxMegabytes } });
  }
  if (countElements(html) > limits.maxHtmlElements) {
    const maxElements = limits.maxHtmlElements.toLocaleString('en-US');
    throw new AppError('HTML_TOO_MANY_ELEMENTS', { params: { maxElements } });
  }
}

function readPage({ bytes, mimeType, signal, limits }: ReaderInput): ReadOutput {
  const html = decodeHtmlBytes(bytes, mimeType);
  if (!html.trim() || looksLikeBinary(html)) return { blocks: [], title: null };
  assertWithinLimits(bytes, html, limits);
  const document = parseHtmlDocument(html);
  const title = pageTitle(document);
  removeNonContent(document.body);
  removeClutter(document.body);
  if (signal?.aborted) throw signal.reason;
  const entries = collectBlocks(document.body, { tableSource: 'html', isEveryTableData: false });
  const blocks = selectMainContent(document, entries).map((entry) => entry.block);
  return { blocks, title: title ?? firstHeading(document) };
}

/**
 * A web page → its main content as blocks. Menus, banners, footers, sidebars and cookie notices
 * are removed; Readability picks the article; every data table on the page is kept with all its
 * rows, wherever it stands. Random bytes or an empty page give no blocks. (The work is
 * synchronous; the promise only carries its result or its error.)
 */
export const readHtml: Reader = (input) => Promise.resolve(input).then(readPage);
