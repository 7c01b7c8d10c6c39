import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { toAuthFormError } from '../auth-form-error';

/** The page the mailed link leads to (better-auth adds `?token=…` or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** Mails a reset link when the account exists; the answer is the same either way. */
export async function requestPasswordReset(input: { email: string }): Promise<void> {
  const { error } = await authClient.requestPasswordReset({
    email: input.email,
    redirectTo: RESET_PASSWORD_PATH,
  });
  if (error) throw toAuthFormError(error, 'We could not send the link. Please try again.');
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
