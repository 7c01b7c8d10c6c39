import { useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/credit-requests: the signed-in user's requests for more credits, newest first. */
export function useCreditRequests(options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.creditRequests,
    queryFn: async () => (await apiRequest(api['credit-requests'].$get())).requests,
    enabled: options.enabled,
  });
}
