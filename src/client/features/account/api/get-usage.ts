import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/account/usage: one page of the user's runs, newest first, and how many there are. */
export function getUsage(limit: number, offset: number) {
  return apiRequest(
    api.account.usage.$get({ query: { limit: String(limit), offset: String(offset) } }),
  );
}

/** Keeps showing the previous page while the next one loads. */
export function useUsage(limit: number, offset: number) {
  return useQuery({
    queryKey: queryKeys.usage(limit, offset),
    queryFn: () => getUsage(limit, offset),
    placeholderData: keepPreviousData,
  });
}
