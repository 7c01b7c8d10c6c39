import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditRequest, CreditRequestInput } from '../../../../shared/credit-requests';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/credit-requests: asks an operator for more credits. */
export function useRequestCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditRequestInput) =>
      apiRequest(api['credit-requests'].$post({ json: input })),
    onSuccess: (request) =>
      queryClient.setQueryData<CreditRequest[]>(queryKeys.creditRequests, (requests = []) => [
        request,
        ...requests,
      ]),
  });
}
