import type { DocumentImage, DocumentJson, PageSize, TableSource } from '../../../shared/document';
import type { PixelBudget } from './pixel-budget';

/** A table found by a reader, before it gets an id and an index. */
export type TableData = {
  name?: string | null;
  source: TableSource;
  header: string[];
  rows: string[][];
};

/** One piece of content in reading order. The builder turns blocks into Markdown and segments. */
export type Block =
  | { kind: 'heading'; level: number; text: string; page?: number | null }
  | { kind: 'paragraph'; text: string; page?: number | null }
  | { kind: 'list'; items: string[]; isOrdered: boolean; page?: number | null }
  | { kind: 'code'; text: string; page?: number | null }
  | { kind: 'table'; table: TableData; page?: number | null };

/** An image for a vision model, with its bytes (which stay on the server). */
export type ImageData = Omit<DocumentImage, 'id' | 'byteLength' | 'dataUrl'> & {
  bytes: Uint8Array;
};

export type ReadLimits = {
  /** Pages of a PDF to read (the first N). */
  maxPdfPages: number;
  /** Bytes a zip-based file (DOCX, XLSX) may unpack to, counted as they are inflated. */
  maxUncompressedBytes: number;
  /** Bytes one XML part of a zip-based file may unpack to. */
  maxXmlPartBytes: number;
  /** Elements one XML part may hold (a worksheet, read row by row, is bounded by rows instead). */
  maxXmlElements: number;
  /** Bytes of an HTML page, and the elements it may hold. */
  maxHtmlBytes: number;
  maxHtmlElements: number;
  /** Characters of Markdown kept; the rest is cut with a warning. */
  maxCharacters: number;
  /** Rows read from one sheet or CSV file. */
  maxTableRows: number;
};

/** A word OCR found: its box in pixels, and the baseline and height of the line it sits on. */
export type OcrWord = {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  baseline: number;
  lineHeight: number;
  /** OCR's confidence in the word, 0–100. */
  confidence?: number;
};

/**
 * A word as it stands on its page (x and y from the top left, in the page's units), for showing
 * where a value came from. `confidence` is OCR's (0–100), null for a PDF's own text.
 */
export type PlacedWord = {
  page: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number | null;
};

/** What OCR read: the text, its confidence (0–100), and the words with their places. */
export type OcrResult = { text: string; confidence: number; words?: OcrWord[] };

/** Local OCR; one long-lived engine serves every request. */
export type OcrEngine = {
  recognize(image: Uint8Array, signal?: AbortSignal): Promise<OcrResult>;
};

export type ReaderInput = {
  bytes: Uint8Array;
  fileName: string | null;
  mimeType: string;
  limits: ReadLimits;
  ocr: OcrEngine;
  /** Where decoded pixels are reserved before decoding; none when a reader is called directly. */
  pixels?: PixelBudget;
  signal?: AbortSignal;
  /** Called as each page of a paged format (PDF) is read, for progress. */
  onPage?: (page: number, pages: number) => void;
  /** Draw each page read as a picture, to show evidence boxes on (job runs only). */
  pagePictures?: boolean;
};

/**
 * A page as a picture for people (not for a model): a PDF page drawn at about 1300 pixels on its
 * longer side, or the image OCR read. Word boxes scale onto it by width / the page's width.
 */
export type PagePictureData = {
  page: number;
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
  width: number;
  height: number;
  bytes: Uint8Array;
};

export type ReadOutput = {
  blocks: Block[];
  images?: ImageData[];
  title?: string | null;
  pagesProcessed?: number | null;
  totalPages?: number | null;
  warnings?: string[];
  /** PDFs and images: every word with its place, and the pages' sizes. */
  words?: PlacedWord[];
  pageSizes?: PageSize[];
  /** When asked for: each page read, as a picture. */
  pictures?: PagePictureData[];
};

/** Every format has one: bytes in, blocks (and images) out. Expected failures throw AppError. */
export type Reader = (input: ReaderInput) => Promise<ReadOutput>;

/**
 * A Document on the server: the JSON shape, with the images' bytes kept for a vision model and,
 * for a job run, its pages as pictures (never part of the JSON Document).
 */
export type ServerDocument = Omit<DocumentJson, 'images'> & {
  images: (DocumentImage & { bytes: Uint8Array })[];
  pictures?: PagePictureData[];
};
