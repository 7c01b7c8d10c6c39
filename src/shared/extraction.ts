import type { Allowance } from './account';
import type { ColumnDefinition } from './columns';
import type { DocumentMetadata } from './document';

/** A typed cell: numbers are numbers, dates are YYYY-MM-DD strings, blanks are null. */
export type CellValue = string | number | boolean | null;
export type ExtractedRow = Record<string, CellValue>;

/** Where a cell's value was found in the Document's Markdown; null when it was not found. */
export type CellEvidence = {
  start: number;
  end: number;
  page: number | null;
  match: 'exact' | 'normalized';
} | null;

export type RowEvidence = Record<string, CellEvidence>;

export type ExtractionStatus = 200 | 207 | 500;
export type ExtractionEngine = 'model' | 'offline';

export type ChunkReport = {
  index: number;
  status: 'done' | 'failed';
  rows: number;
  calls: number;
  error?: string;
};

/** What an extraction answers, over HTTP and from the CLI alike. */
export type ExtractionResult = {
  status: ExtractionStatus;
  rows: ExtractedRow[];
  columns: ColumnDefinition[];
  /** The amber notice of SPEC.md section 4, or null for a 200. */
  notice: string | null;
  /** The SPEC.md message behind a 207 or 500 ('Invalid response format from data extraction', ...). */
  message: string | null;
  warnings: string[];
  evidence: RowEvidence[];
  grounding: { cells: number; grounded: number };
  source: DocumentMetadata;
  /** The Document's Markdown, which `evidence` offsets point into (the source passages). */
  sourceText: string;
  engine: ExtractionEngine;
  model: string | null;
  usage: { inputTokens: number; outputTokens: number; calls: number };
  timings: { readMs: number; extractMs: number; totalMs: number };
  chunks: ChunkReport[];
};

/** SPEC.md section 4, verbatim. */
export const NOTICE_PARTIAL =
  "Data extraction was partially successful. The AI model may not have found data matching your column structure. Try adjusting your column names or providing more context about what you're trying to extract.";
export const NOTICE_ERROR =
  "Data extraction encountered an error, showing fallback data. Try adjusting your column names or providing more context about what you're trying to extract.";

/**
 * What POST /api/extractions answers: the result, plus what the run cost. `extraction_id` and
 * `stored` are set for signed-in runs (anonymous results are not stored).
 */
export type ExtractionResponse = ExtractionResult & {
  /** The one-document job the run was: POST /api/jobs/{job_id}/rerun runs it again unread. */
  job_id: string;
  extraction_id: string | null;
  stored: boolean;
  allowance: Allowance;
};

export const EXTRACTION_STAGES = ['reading', 'planning', 'extracting', 'merging'] as const;
export type ExtractionStage = (typeof EXTRACTION_STAGES)[number];

/** What a streamed run reports while it works (the `progress` events of the SSE stream). */
export type ExtractionProgress =
  | { type: 'stage'; stage: ExtractionStage; message: string }
  | { type: 'page'; page: number; pages: number }
  | {
      type: 'chunk';
      index: number;
      count: number;
      status: 'done' | 'failed';
      /** The chunk's rows, typed; the final result de-duplicates across chunks. */
      rows: ExtractedRow[];
    };
