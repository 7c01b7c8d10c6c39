import { useMutation } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';

/** DELETE /api/account: removes the account and everything kept about it, and signs out. */
export function deleteAccount(confirmation: string) {
  return apiRequest(api.account.$delete({ json: { confirmation } }));
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
