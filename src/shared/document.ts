import { z } from 'zod';

/** SPEC.md's file types, plus word and html. */
export const FILE_TYPES = [
  'pdf',
  'csv',
  'image',
  'text',
  'spreadsheet',
  'word',
  'html',
  'unknown',
] as const;
export const SOURCE_TYPES = ['file', 'url', 'text'] as const;
export const SEGMENT_KINDS = ['heading', 'paragraph', 'list', 'table', 'code'] as const;
export const TABLE_SOURCES = [
  'csv',
  'sheet',
  'html',
  'docx',
  'pdf',
  'image',
  'markdown',
  'json',
] as const;

export type FileType = (typeof FILE_TYPES)[number];
export type SourceType = (typeof SOURCE_TYPES)[number];
export type SegmentKind = (typeof SEGMENT_KINDS)[number];
export type TableSource = (typeof TABLE_SOURCES)[number];

/** A stretch of the Markdown: `markdown.slice(start, end)`, with the page it came from. */
export const segmentSchema = z.object({
  kind: z.enum(SEGMENT_KINDS),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  page: z.number().int().positive().nullable(),
  /** For a table segment: its index in `tables`. */
  tableIndex: z.number().int().nonnegative().optional(),
});

/** A table as the source holds it: cells as text, rows possibly ragged. */
export const documentTableSchema = z.object({
  id: z.string(),
  /** A sheet name, a caption, or null. */
  name: z.string().nullable(),
  source: z.enum(TABLE_SOURCES),
  page: z.number().int().positive().nullable(),
  header: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});

/** An image kept for a vision model: an uploaded picture or a rendered scanned PDF page. */
export const documentImageSchema = z.object({
  id: z.string(),
  page: z.number().int().positive().nullable(),
  mimeType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  byteLength: z.number().int().nonnegative(),
  /** What local OCR read in it (also part of the Markdown). */
  ocrText: z.string().nullable(),
  ocrConfidence: z.number().min(0).max(100).nullable(),
  /** A data: URL when asked for, otherwise absent (the bytes stay on the server). */
  dataUrl: z.string().optional(),
});

/** A page's size in its own units (PDF points, image pixels), for placing word boxes. */
export const pageSizeSchema = z.object({
  page: z.number().int().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
});

/**
 * A word of the Markdown (`markdown.slice(start, end)`) and where it stands on its page: x and y
 * from the page's top left, in the page's units. `confidence` is OCR's (0–100), null for text a
 * PDF holds as text.
 */
export const layoutWordSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  confidence: z.number().min(0).max(100).nullable(),
});

/** For PDFs and images: the pages' sizes and each word's place, in Markdown order. */
export const documentLayoutSchema = z.object({
  pages: z.array(pageSizeSchema),
  words: z.array(layoutWordSchema),
});

export const documentMetadataSchema = z.object({
  sourceType: z.enum(SOURCE_TYPES),
  fileType: z.enum(FILE_TYPES),
  mimeType: z.string().nullable(),
  fileName: z.string().nullable(),
  url: z.string().nullable(),
  size: z.number().int().nonnegative(),
  title: z.string().nullable(),
  pagesProcessed: z.number().int().nonnegative().nullable(),
  totalPages: z.number().int().nonnegative().nullable(),
  characters: z.number().int().nonnegative(),
  /** True when the text was cut at the character limit. */
  isTruncated: z.boolean(),
  warnings: z.array(z.string()),
});

/** Every input, once read: the one shape the rest of the pipeline works on. */
export const documentSchema = z.object({
  markdown: z.string(),
  segments: z.array(segmentSchema),
  tables: z.array(documentTableSchema),
  images: z.array(documentImageSchema),
  metadata: documentMetadataSchema,
  layout: documentLayoutSchema
    .optional()
    .describe('Where the words stand on their pages (PDFs and images only).'),
});

export type Segment = z.infer<typeof segmentSchema>;
export type DocumentTable = z.infer<typeof documentTableSchema>;
export type DocumentImage = z.infer<typeof documentImageSchema>;
export type DocumentMetadata = z.infer<typeof documentMetadataSchema>;
export type PageSize = z.infer<typeof pageSizeSchema>;
export type LayoutWord = z.infer<typeof layoutWordSchema>;
export type DocumentLayout = z.infer<typeof documentLayoutSchema>;
export type DocumentJson = z.infer<typeof documentSchema>;
