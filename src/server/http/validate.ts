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
    if (!result.success) throw validationError(result.error);
  });
}

/** VALIDATION_FAILED with each field's messages, the one shape forms read. */
export function validationError(error: z.core.$ZodError): AppError {
  const { fieldErrors, formErrors } = z.flattenError(error);
  return new AppError('VALIDATION_FAILED', { details: { fieldErrors, formErrors } });
}
