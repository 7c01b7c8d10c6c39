import { z } from 'zod';
import { cellValueSchema } from './rows';

/**
 * Review (docs/decisions/020-cell-confidence.md): every cell of a result gets a confidence built
 * from evidence we can show, a flag when that confidence is below the server's threshold, the
 * reasons in words, and where its value was found. Corrections replace a cell's value and are
 * carried by every export.
 */

/** Why a cell's confidence was lowered; each code comes with words a user understands. */
export const REVIEW_REASON_CODES = [
  'not_found',
  'other_row',
  'apart',
  'low_ocr',
  'coerced',
  'invalid',
  'model_unsure',
  'offline_disagrees',
  'partial_match',
  // Records (issue 31): the names the issue gives them, upper case like error codes.
  'RULE_FAILED',
  'FIELD_CONFLICT',
] as const;
export type ReviewReasonCode = (typeof REVIEW_REASON_CODES)[number];

/** The box around a value on its page, in the page's own units (PDF points, image pixels). */
export const evidenceBoxSchema = z
  .object({
    page: z.number().int().positive(),
    x: z.number(),
    y: z.number(),
    width: z.number().nonnegative(),
    height: z.number().nonnegative(),
    pageWidth: z.number().positive(),
    pageHeight: z.number().positive(),
  })
  .describe('Where the value stands on its page: x and y from the top left, in page units.');

export const cellEvidenceSchema = z
  .object({
    start: z.number().int(),
    end: z.number().int(),
    page: z.number().int().nullable(),
    match: z.enum(['exact', 'normalized']),
    box: evidenceBoxSchema
      .optional()
      .describe('For PDFs and images: the box of the words the value was found in.'),
  })
  .nullable()
  .describe("Where a cell's value was found in sourceText; null when it was not found.");

export const reviewReasonSchema = z.object({
  code: z.enum(REVIEW_REASON_CODES),
  message: z.string().describe('The reason in words, for people.'),
  weight: z
    .number()
    .min(0)
    .max(1)
    .describe('What the reason multiplied the confidence by (the confidence starts at 1).'),
});

export const cellReviewSchema = z.object({
  confidence: z.number().min(0).max(1),
  flagged: z.boolean().describe('Confidence below the server’s REVIEW_THRESHOLD: worth a look.'),
  reasons: z.array(reviewReasonSchema),
  edited: z.boolean().describe('The value is a correction: confidence 1, never flagged.'),
  accepted: z
    .boolean()
    .optional()
    .describe('A person confirmed the extracted value (a correction to the same value).'),
  correction: z
    .object({
      id: z.string().describe('The correction’s id: DELETE it from the job’s corrections to undo.'),
      old_value: cellValueSchema.describe('The value as it was extracted.'),
    })
    .optional()
    .describe('For a corrected or accepted cell: its correction.'),
  evidence: cellEvidenceSchema,
});

/** A cell nothing lowered: confidence 1, no flag, no evidence. */
export const EMPTY_CELL: z.output<typeof cellReviewSchema> = {
  confidence: 1,
  flagged: false,
  reasons: [],
  edited: false,
  evidence: null,
};

/** One row's cells, by column name: parallel to the row in `rows`. */
export const rowCellsSchema = z.record(z.string(), cellReviewSchema);

export const reviewSummarySchema = z.object({
  total: z.number().int().describe('Non-empty cells and fields.'),
  flagged: z
    .number()
    .int()
    .describe('Cells and fields flagged for review and not yet accepted or edited.'),
  edited: z.number().int().describe('Cells and fields corrected by a person.'),
});

const correctionValueSchema = z
  .union([z.string().max(10_000), z.number(), z.boolean(), z.null()])
  .describe(
    'The new value, coerced to the column’s or field’s type (null or "" empties it). The extracted value itself accepts it.',
  );

/**
 * A correction as a client sends it: a line item's cell (document, row index, column) or a
 * document field (document, field), and its value.
 */
export const correctionInputSchema = z
  .object({
    document_id: z.string().min(1).max(100),
    row: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        'A cell’s row: its index in the document’s own rows (the `row` of its `origins` entry).',
      ),
    column: z.string().min(1).max(200).optional().describe('A cell’s column.'),
    field: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('A document field (instead of `row` and `column`).'),
    value: correctionValueSchema,
  })
  .refine(
    (input) =>
      input.field === undefined
        ? input.row !== undefined && input.column !== undefined
        : input.row === undefined && input.column === undefined,
    { message: 'A correction names a field, or a row and a column.' },
  );

export const correctionsRequestSchema = z.object({
  corrections: z.array(correctionInputSchema).min(1).max(1000),
});

/** A stored correction: of a cell or of a field, the old and the new value, who made it and when. */
export const correctionSchema = z.object({
  id: z.string(),
  document_id: z.string(),
  row: z.number().int().nullable().describe('A cell’s row; null for a field’s correction.'),
  column: z.string().nullable().describe('A cell’s column; null for a field’s correction.'),
  field: z.string().nullable().describe('The field corrected; null for a cell’s correction.'),
  value: cellValueSchema,
  old_value: cellValueSchema,
  created_at: z.string(),
  created_by: z.string().nullable().describe('The user who made it; null for a visitor.'),
});

/** What every corrections endpoint answers: the job's corrections as they now stand. */
export const correctionsResponseSchema = z.object({
  corrections: z.array(correctionSchema).describe('Oldest first.'),
  review: reviewSummarySchema.describe('The job’s review summary, corrections counted.'),
});

/** A page of a PDF or image as a picture, to show a value's box on (GET its `image`). */
export const pagePictureSchema = z.object({
  page: z.number().int().positive(),
  width: z.number().int().positive().describe('The picture’s width in pixels.'),
  height: z.number().int().positive().describe('The picture’s height in pixels.'),
  image: z
    .string()
    .describe('Where to GET the picture: this page under the document’s `pages` endpoint.'),
});

export type EvidenceBox = z.output<typeof evidenceBoxSchema>;
export type CellEvidence = z.output<typeof cellEvidenceSchema>;
export type ReviewReason = z.output<typeof reviewReasonSchema>;
export type CellReview = z.output<typeof cellReviewSchema>;
export type RowCells = z.output<typeof rowCellsSchema>;
export type ReviewSummary = z.output<typeof reviewSummarySchema>;
export type CorrectionInput = z.output<typeof correctionInputSchema>;
export type Correction = z.output<typeof correctionSchema>;
export type CorrectionsResponse = z.output<typeof correctionsResponseSchema>;
export type PagePicture = z.output<typeof pagePictureSchema>;
