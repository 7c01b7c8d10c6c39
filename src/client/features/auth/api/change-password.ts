import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { queryKeys } from '../../../lib/query-keys';
import { toAuthFormError } from '../auth-form-error';
import type { PasswordChange } from './reset-password';

/**
 * Changes the signed-in user's password. The server signs out every other session (this one is
 * kept), and revokes every API key too when asked.
 */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
  revokeApiKeys: boolean;
}): Promise<PasswordChange> {
  const { data, error } = await authClient.$fetch<PasswordChange>('/change-password', {
    method: 'POST',
    body: input,
  });
  if (error) throw toAuthFormError(error, 'We could not change your password. Please try again.');
  return { revokedApiKeys: data?.revokedApiKeys ?? 0 };
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
