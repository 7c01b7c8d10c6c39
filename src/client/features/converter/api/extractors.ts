import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExtractorInput } from '../../../../shared/extractors';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/extractors: the signed-in user's saved extractors, by name. */
export function useExtractors() {
  return useQuery({
    queryKey: queryKeys.extractors,
    queryFn: async () => (await apiRequest(api.extractors.$get())).extractors,
  });
}

export function useSaveExtractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ExtractorInput }) =>
      id
        ? apiRequest(api.extractors[':id'].$put({ param: { id }, json: input }))
        : apiRequest(api.extractors.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.extractors }),
  });
}

export function useDeleteExtractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.extractors[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.extractors }),
  });
}
