import { useQuery } from '@tanstack/react-query';
import type { TrialStatus } from '../../../../shared/account';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/trial: the free runs this anonymous visitor has left. */
export function fetchTrialStatus(): Promise<TrialStatus> {
  return apiRequest(api.trial.$get());
}

export function useTrialStatus(options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.trial,
    queryFn: fetchTrialStatus,
    enabled: options.enabled,
    staleTime: 0,
  });
}
