import { useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/account/credits: credits remaining of total. */
export function getCredits() {
  return apiRequest(api.account.credits.$get());
}

export function useCredits() {
  return useQuery({ queryKey: queryKeys.credits, queryFn: getCredits });
}
