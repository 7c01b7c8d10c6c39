import { useQuery } from '@tanstack/react-query';
import type { OpenApiDocument } from '../../../../shared/openapi';
import { api, apiRequest } from '../../../lib/api-client';

/** GET /api/openapi.json: the API's own description, which the reference page renders. */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: async () => (await apiRequest(api['openapi.json'].$get())) as OpenApiDocument,
    staleTime: 5 * 60 * 1000,
  });
}
