import { z } from 'zod';
import { passwordSchema } from '../../../shared/account';

/** SPEC.md section 5: sign-in requires an email and a password. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});

export const forgotPasswordSchema = z.object({
  email: signInSchema.shape.email,
});

/** A new password, typed twice. */
export const resetPasswordSchema = z
  .object({ password: passwordSchema(), confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

/** The first message for each field of a form, or nothing when the values are valid. */
export function fieldErrorsOf<Field extends string>(
  schema: z.ZodType,
  values: Record<Field, string>,
): Partial<Record<Field, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const { fieldErrors } = z.flattenError(result.error) as {
    fieldErrors: Partial<Record<string, string[]>>;
  };
  const found: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(values) as Field[]) {
    const message = fieldErrors[field]?.[0];
    if (message) found[field] = message;
  }
  return found;
}
