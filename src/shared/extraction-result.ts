import { z } from 'zod';
import { allowanceSchema } from './account';
import { columnDefinitionSchema } from './columns';
import { documentMetadataSchema } from './document';
import { EXTRACTION_STAGES } from './extraction';
import { checkSchema } from './records';
import {
  cellEvidenceSchema,
  pagePictureSchema,
  reviewSummarySchema,
  rowCellsSchema,
} from './review';
import { cellValueSchema, extractedRowSchema } from './rows';

/**
 * The zod schemas of what an extraction answers. The types in extraction.ts are inferred from
 * these (with a type-only import, so the browser's converter does not load zod), and the OpenAPI
 * document is generated from them.
 */
export { cellEvidenceSchema, cellValueSchema, extractedRowSchema };

/** Per number column, the decimals its values are written with (number-decimals.ts). */
export const columnDecimalsSchema = z
  .record(z.string(), z.number().int().min(0))
  .describe(
    'For each number column with a value: the most decimals its values are written with in the source (12.50 → 2). Numbers are JSON numbers (12.5); CSV and XLSX exports write the column with these decimals. Absent in results made before it existed.',
  );

export const extractionStatusSchema = z.literal([200, 207, 500]);

/**
 * SPEC.md section 8's stand-ins for rows, which are not data: `no_rows` (207) is the content's
 * start, its first 500 characters or up to 10 paragraphs of 100, in the first column; `error`
 * (500) is one empty row per column.
 */
export const FALLBACK_KINDS = ['no_rows', 'error'] as const;
export const fallbackKindSchema = z.enum(FALLBACK_KINDS);

export const chunkReportSchema = z.object({
  index: z.number().int(),
  status: z.enum(['done', 'failed']),
  rows: z.number().int(),
  calls: z.number().int(),
  error: z.string().optional(),
});

/** What a run cost at the model: tokens and calls, and a price when the server has one. */
export const usageSchema = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  calls: z.number().int(),
  repeatedInputTokens: z
    .number()
    .int()
    .optional()
    .describe(
      'About how many of the input tokens were sent again: the instructions and a table header each part repeats, and what a continued answer sends back.',
    ),
  cost: z
    .number()
    .nullable()
    .optional()
    .describe('In the currency of MODEL_PRICE_INPUT and MODEL_PRICE_OUTPUT; null without them.'),
});

export const fromCacheSchema = z.object({
  documentId: z.string().describe('The earlier job document whose result this is.'),
  extractedAt: z.string().describe('When that result was made.'),
});

export const extractionResultSchema = z.object({
  status: extractionStatusSchema,
  rows: z.array(extractedRowSchema),
  columns: z.array(columnDefinitionSchema),
  decimals: columnDecimalsSchema.optional(),
  notice: z.string().nullable().describe('The notice shown beside a 207 or 500; null for a 200.'),
  message: z.string().nullable().describe('The message behind a 207 or 500.'),
  warnings: z.array(z.string()),
  fallback: fallbackKindSchema
    .nullable()
    .describe(
      "Set when `rows` are SPEC's fallback, not data: `no_rows` (status 207: nothing matched the columns, so the first column holds the content's first 500 characters, or up to 10 of its paragraphs cut to 100 characters) or `error` (status 500: one empty row per column). Null when the rows are data. A job's table leaves fallback rows out.",
    ),
  cells: z
    .array(rowCellsSchema)
    .describe(
      'Parallel to rows: for each row, each column’s confidence, flag, reasons and evidence.',
    ),
  fieldDefinitions: z
    .array(columnDefinitionSchema)
    .describe('The document fields asked for (one value per document); empty when none were.'),
  fields: z
    .record(z.string(), cellValueSchema)
    .describe('The document’s own fields, by name: one value each (null when not found).'),
  fieldCells: rowCellsSchema.describe(
    'For each field, the same review object a cell has: confidence, flag, reasons, evidence.',
  ),
  checks: z
    .array(checkSchema)
    .describe(
      'Each rule checked on this document, passed or not; a failed one flags its cells `RULE_FAILED`.',
    ),
  review: reviewSummarySchema.describe('Counts cells and fields together.'),
  grounding: z.object({ cells: z.number().int(), grounded: z.number().int() }),
  source: documentMetadataSchema,
  sourceText: z.string().describe("The Document's Markdown, which `evidence` offsets point into."),
  engine: z.enum(['model', 'offline']),
  model: z.string().nullable(),
  usage: usageSchema,
  fromCache: fromCacheSchema
    .nullable()
    .optional()
    .describe(
      'Set when the same input, columns, instructions and model had a stored result, given again without calling the model.',
    ),
  timings: z.object({ readMs: z.number(), extractMs: z.number(), totalMs: z.number() }),
  chunks: z.array(chunkReportSchema),
});

/**
 * A job document's result as the API shows it (GET /api/jobs/{id}/documents/{documentId}/result):
 * the result with its corrections applied, which document it is, and its pages as pictures.
 */
export const documentResultSchema = extractionResultSchema.extend({
  document_id: z
    .string()
    .describe('The document of that job: corrections name it (POST /api/jobs/{id}/corrections).'),
  job_id: z
    .string()
    .describe(
      'The job the document belongs to: POST /api/jobs/{job_id}/rerun runs it again unread.',
    ),
  pages: z
    .array(pagePictureSchema)
    .describe('PDFs and images: each page read, as a picture to show evidence boxes on.'),
});

export const extractionResponseSchema = documentResultSchema.extend({
  extraction_id: z.string().nullable().describe('Set for signed-in runs, whose result is stored.'),
  stored: z.boolean(),
  allowance: allowanceSchema,
});

export const extractionProgressSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stage'), stage: z.enum(EXTRACTION_STAGES), message: z.string() }),
  z.object({ type: z.literal('page'), page: z.number().int(), pages: z.number().int() }),
  z.object({
    type: z.literal('plan'),
    parts: z.number().int(),
    estimatedRows: z.number().int(),
    estimatedSeconds: z.number().describe('Seconds the parts are expected to take.'),
  }),
  z.object({
    type: z.literal('chunk'),
    index: z.number().int(),
    count: z.number().int(),
    status: z.enum(['done', 'failed']),
    /** The chunk's rows, typed; the final result de-duplicates across chunks. */
    rows: z.array(extractedRowSchema),
    fields: extractedRowSchema
      .optional()
      .describe(
        'A run with document fields: the values this part found, typed (none found: {}). The result merges them across parts and checks them.',
      ),
    estimatedSeconds: z
      .number()
      .optional()
      .describe('Seconds the parts left are expected to take.'),
  }),
  z.object({
    type: z.literal('waiting'),
    retryAt: z.string().describe('When a call goes out again (ISO time), as the provider asked.'),
  }),
  z.object({ type: z.literal('resumed') }),
]);
