import { z } from 'zod';
import { COLUMN_LIMITS } from './column-types';
import { columnDefinitionSchema } from './columns';
import { fieldsSchema, rulesSchema } from './records';

/** Whether a document may be given the stored result of the same input (the default) or runs. */
export const cacheFieldSchema = z
  .boolean()
  .optional()
  .describe(
    'true (the default): a document whose content, columns, instructions and model match an earlier 200 of yours is given that result again, without calling the model, and marked `fromCache`; false: the model is asked again. Either way a run is paid for as usual.',
  );

/**
 * The fields of POST /api/extractions, as JSON or as multipart form fields (where `columns`,
 * `fields` and `rules` are JSON strings). Content is text, a url, or (multipart only) a file;
 * columns and the document's fields are given or come from a template, rules likewise.
 */
export const extractionRequestSchema = z.object({
  text: z.string().max(5_000_000, 'The text is too long.').optional(),
  url: z.string().trim().max(2048).optional(),
  columns: z.array(columnDefinitionSchema).max(COLUMN_LIMITS.columns).optional(),
  fields: fieldsSchema
    .optional()
    .describe(
      'The document’s own fields (one value each: invoice number, date, total), defined like columns. Either fields or columns may be empty; the result has `fields` and `fieldCells` beside `rows`.',
    ),
  rules: rulesSchema
    .optional()
    .describe(
      'Rules checked across the fields and line items (sum, formula, required, pattern, range, unique); a failed one flags its cells RULE_FAILED and is listed in `checks`. Given rules replace a template’s.',
    ),
  template: z.string().trim().max(50).optional(),
  description: z
    .string()
    .trim()
    .max(1000, 'Please keep the description under 1000 characters.')
    .optional(),
  cache: cacheFieldSchema,
});

export type ExtractionRequest = z.input<typeof extractionRequestSchema>;
