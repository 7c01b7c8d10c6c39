import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/jobs: one page of the user's jobs with their documents, newest first. */
export function listJobs(limit: number, offset: number) {
  return apiRequest(api.jobs.$get({ query: { limit: String(limit), offset: String(offset) } }));
}

/** Keeps showing the previous page while the next one loads. */
export function useJobs(limit: number, offset: number) {
  return useQuery({
    queryKey: queryKeys.jobs(limit, offset),
    queryFn: () => listJobs(limit, offset),
    placeholderData: keepPreviousData,
  });
}
