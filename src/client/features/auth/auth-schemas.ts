import { z } from 'zod';
import { passwordSchema, signInSchema } from '../../../shared/account';

export { signInSchema };

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

/** Settings' password change: the current password, and the new one typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: passwordSchema(),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
