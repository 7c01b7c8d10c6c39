import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/keys: the user's keys, newest first (never their secrets). */
export function useApiKeys() {
  return useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: async () => (await apiRequest(api.keys.$get())).keys,
  });
}

/** POST /api/keys: a new key, whose secret this answer alone holds. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(api.keys.$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

/** DELETE /api/keys/{id}: revokes a key at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.keys[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

/** GET /api/webhooks/secret: the secret that signs the user's webhooks (made on first use). */
export function useWebhookSecret(isShown: boolean) {
  return useQuery({
    queryKey: queryKeys.webhookSecret,
    queryFn: () => apiRequest(api.webhooks.secret.$get()),
    enabled: isShown,
  });
}

/** POST /api/webhooks/secret/rotate: a new secret; deliveries from now on use it. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.webhooks.secret.rotate.$post()),
    onSuccess: (secret) => queryClient.setQueryData(queryKeys.webhookSecret, secret),
  });
}
