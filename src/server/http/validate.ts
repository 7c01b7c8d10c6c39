import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { AppError } from '../../shared/errors';

/**
 * Validates one part of the request against a zod schema. A failure becomes VALIDATION_FAILED
 * with `details.fieldErrors`, so forms can show each message beside its field.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const { fieldErrors, formErrors } = z.flattenError(result.error);
      throw new AppError('VALIDATION_FAILED', { details: { fieldErrors, formErrors } });
    }
  });
}
