import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomationInput, ScheduleInput } from '../../../../shared/extractors';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/extractors/automation: whether this server receives mail, can reply, schedules left. */
export function useAutomationSettings() {
  return useQuery({
    queryKey: queryKeys.automation,
    queryFn: () => apiRequest(api.extractors.automation.$get()),
  });
}

/** Every change answers the extractor; the list (and the settings' counts) are read again. */
function useExtractorChange<T, R>(change: (id: string, input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: T }) => change(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.extractors }),
  });
}

/** PUT /api/extractors/{id}/automation: the reply format (and the webhook). */
export function useSetAutomation() {
  return useExtractorChange((id, json: AutomationInput) =>
    apiRequest(api.extractors[':id'].automation.$put({ param: { id }, json })),
  );
}

/** POST /api/extractors/{id}/inbox-address: a new address; the old one stops at once. */
export function useReplaceInboxAddress() {
  return useExtractorChange((id, _input: null) =>
    apiRequest(api.extractors[':id']['inbox-address'].$post({ param: { id } })),
  );
}

/** PUT /api/extractors/{id}/schedule: a web page and how often (also resumes a paused one). */
export function useSetSchedule() {
  return useExtractorChange((id, json: ScheduleInput) =>
    apiRequest(api.extractors[':id'].schedule.$put({ param: { id }, json })),
  );
}

/**
 * POST /api/extractors/{id}/schedule/run: a run now, at most once a minute; answers its job and
 * the extractor.
 */
export function useRunScheduleNow() {
  return useExtractorChange((id, _input: null) =>
    apiRequest(api.extractors[':id'].schedule.run.$post({ param: { id } })),
  );
}

/** DELETE /api/extractors/{id}/schedule. */
export function useRemoveSchedule() {
  return useExtractorChange((id, _input: null) =>
    apiRequest(api.extractors[':id'].schedule.$delete({ param: { id } })),
  );
}
