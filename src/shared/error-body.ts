import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from './errors';

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/**
 * The JSON body of every error answer from the API. ApiErrorBody in errors.ts is inferred from it
 * (type-only, so the browser's error handling does not load zod).
 */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES).describe('One of the codes of src/shared/errors.ts.'),
    message: z.string().describe('A message meant for the person using the app.'),
    requestId: z.string().optional().describe('Also sent as X-Request-Id and found in the logs.'),
    details: z
      .unknown()
      .optional()
      .describe('For VALIDATION_FAILED: `{ fieldErrors, formErrors }`.'),
  }),
});
