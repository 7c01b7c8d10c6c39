import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { toAuthFormError } from '../auth-form-error';

/**
 * Sets a new password with the mailed token. The server signs out every session of the account,
 * so the session store is asked to look again.
 */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  const { error } = await authClient.resetPassword(input);
  if (error) throw toAuthFormError(error, 'We could not change your password. Please try again.');
  authClient.$store.notify('$sessionSignal');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
