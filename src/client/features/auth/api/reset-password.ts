import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { toAuthFormError } from '../auth-form-error';

export type PasswordChange = { revokedApiKeys: number };

/**
 * Sets a new password with the mailed token, revoking the account's API keys too when asked. The
 * server signs out every session of the account, so the session store is asked to look again.
 */
export async function resetPassword(input: {
  token: string;
  newPassword: string;
  revokeApiKeys: boolean;
}): Promise<PasswordChange> {
  const { data, error } = await authClient.$fetch<PasswordChange>('/reset-password', {
    method: 'POST',
    body: input,
  });
  if (error) throw toAuthFormError(error, 'We could not change your password. Please try again.');
  authClient.$store.notify('$sessionSignal');
  return { revokedApiKeys: data?.revokedApiKeys ?? 0 };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
