import { z } from 'zod';
import { COLUMN_LIMITS } from './column-types';
import { columnDefinitionSchema } from './columns';

/** A saved extractor: columns and a description kept under a name, to run again by its id. */
export const extractorInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the extractor a name.')
    .max(80, 'Use at most 80 characters.'),
  columns: z
    .array(columnDefinitionSchema)
    .min(1, 'At least one valid column name is required')
    .max(COLUMN_LIMITS.columns),
  description: z
    .string()
    .trim()
    .max(1000, 'Please keep the description under 1000 characters.')
    .optional(),
});
export type ExtractorInput = z.input<typeof extractorInputSchema>;

export const extractorSchema = z.object({
  id: z.string(),
  name: z.string(),
  columns: z.array(columnDefinitionSchema),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Extractor = z.output<typeof extractorSchema>;

export const extractorListSchema = z.object({ extractors: z.array(extractorSchema) });

/** A user may keep this many extractors. */
export const MAX_EXTRACTORS_PER_USER = 100;
