import { z } from 'zod';

/** A typed cell: numbers are numbers, dates are YYYY-MM-DD strings, blanks are null. */
export const cellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const extractedRowSchema = z
  .record(z.string(), cellValueSchema)
  .describe('One row: column name → typed value (numbers, YYYY-MM-DD dates, booleans, null).');
