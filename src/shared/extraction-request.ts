import { z } from 'zod';
import { COLUMN_LIMITS } from './column-types';
import { columnDefinitionSchema } from './columns';

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
});

export type ExtractionRequest = z.input<typeof extractionRequestSchema>;
