import { useQuery } from '@tanstack/react-query';
import type { JobLimits } from '../../../../shared/jobs';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/jobs/limits: how many files one batch may hold on this server. */
export function fetchJobLimits(): Promise<JobLimits> {
  return apiRequest(api.jobs.limits.$get());
}

/** Asked only once several files are chosen; the server's own check stays the last word. */
export function useJobLimits(options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.jobLimits,
    queryFn: fetchJobLimits,
    enabled: options.enabled,
    staleTime: Infinity,
  });
}
