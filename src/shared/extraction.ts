import type { z } from 'zod';
import type {
  cellEvidenceSchema,
  cellValueSchema,
  chunkReportSchema,
  documentResultSchema,
  extractedRowSchema,
  extractionProgressSchema,
  extractionResponseSchema,
  extractionResultSchema,
  extractionStatusSchema,
  fallbackKindSchema,
} from './extraction-result';

// The types below are inferred from the schemas in extraction-result.ts (imported as types only,
// so modules the browser's converter loads stay free of zod).

/** A typed cell: numbers are numbers, dates are YYYY-MM-DD strings, blanks are null. */
export type CellValue = z.output<typeof cellValueSchema>;
export type ExtractedRow = z.output<typeof extractedRowSchema>;

/** Where a cell's value was found in the Document's Markdown; null when it was not found. */
export type CellEvidence = z.output<typeof cellEvidenceSchema>;

export type { CellReview, ReviewSummary, RowCells } from './review';

export type ExtractionStatus = z.output<typeof extractionStatusSchema>;
/** Which of SPEC's stand-ins for rows a result holds instead of data (extraction-result.ts). */
export type FallbackKind = z.output<typeof fallbackKindSchema>;
export type ExtractionEngine = ExtractionResult['engine'];

export type ChunkReport = z.output<typeof chunkReportSchema>;

/** What an extraction answers, over HTTP and from the CLI alike. */
export type ExtractionResult = z.output<typeof extractionResultSchema>;

/** SPEC.md section 4, verbatim. */
export const NOTICE_PARTIAL =
  "Data extraction was partially successful. The AI model may not have found data matching your column structure. Try adjusting your column names or providing more context about what you're trying to extract.";
export const NOTICE_ERROR =
  "Data extraction encountered an error, showing fallback data. Try adjusting your column names or providing more context about what you're trying to extract.";

/** A job document's result as the API shows it: corrections applied, with its page pictures. */
export type DocumentResult = z.output<typeof documentResultSchema>;

/**
 * What POST /api/extractions answers: the result, plus what the run cost. `extraction_id` and
 * `stored` are set for signed-in runs (anonymous results are kept 24 hours with their job, not as files).
 */
export type ExtractionResponse = z.output<typeof extractionResponseSchema>;

export const EXTRACTION_STAGES = ['reading', 'planning', 'extracting', 'merging'] as const;
export type ExtractionStage = (typeof EXTRACTION_STAGES)[number];

/** What a streamed run reports while it works (the `progress` events of the SSE stream). */
export type ExtractionProgress = z.output<typeof extractionProgressSchema>;
