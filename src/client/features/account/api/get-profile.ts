import { useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/account: email, full name, plan. */
export function getProfile() {
  return apiRequest(api.account.$get());
}

export function useProfile() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: getProfile });
}
