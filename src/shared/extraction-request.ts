import { z } from 'zod';
import { COLUMN_LIMITS } from './column-types';
import { columnDefinitionSchema } from './columns';

/** Whether a document may be given the stored result of the same input (the default) or runs. */
export const cacheFieldSchema = z
  .boolean()
  .optional()
  .describe(
    'true (the default): a document whose content, columns, instructions and model match an earlier 200 of yours is given that result again, without calling the model, and marked `fromCache`; false: the model is asked again. Either way a run is paid for as usual.',
  );

/**
 * The fields of POST /api/extractions, as JSON or as multipart form fields (where `columns` is a
 * JSON string). Content is text, a url, or (multipart only) a file; columns are given or come
 * from a template.
 */
export const extractionRequestSchema = z.object({
  text: z.string().max(5_000_000, 'The text is too long.').optional(),
  url: z.string().trim().max(2048).optional(),
  columns: z.array(columnDefinitionSchema).max(COLUMN_LIMITS.columns).optional(),
  template: z.string().trim().max(50).optional(),
  description: z
    .string()
    .trim()
    .max(1000, 'Please keep the description under 1000 characters.')
    .optional(),
  cache: cacheFieldSchema,
});

export type ExtractionRequest = z.input<typeof extractionRequestSchema>;
