import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorFromBody } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { queryKeys } from '../../../lib/query-keys';

/** Changes the signed-in user's name (POST /api/auth/update-user); the session follows. */
export async function updateName(name: string): Promise<void> {
  const { error } = await authClient.updateUser({ name });
  if (!error) return;
  // Our errors arrive as `{ error: { code, message, … } }`.
  const ours = apiErrorFromBody({ error: (error as { error?: unknown }).error }, error.status);
  throw ours ?? new Error(error.message ?? 'We could not save your name. Please try again.');
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
