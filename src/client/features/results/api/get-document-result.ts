import { useQueries } from '@tanstack/react-query';
import type { DocumentResult } from '../../../../shared/extraction';
import { api, apiRequest } from '../../../lib/api-client';

/**
 * GET /api/jobs/{id}/documents/{documentId}/result: one document's whole result, with each cell's
 * review and the source text its evidence points into.
 */
export function fetchDocumentResult(jobId: string, documentId: string): Promise<DocumentResult> {
  return apiRequest(
    api.jobs[':id'].documents[':documentId'].result.$get({ param: { id: jobId, documentId } }),
  );
}

/** Only this feature reads a document's result, so its key lives here rather than in lib/query-keys. */
export const documentResultKey = (jobId: string, documentId: string) =>
  ['jobs', jobId, 'documents', documentId, 'result'] as const;

export type DocumentResultState = { result: DocumentResult | null; isFailed: boolean };

function byDocument(results: { data?: DocumentResult; isError: boolean }[]): DocumentResultState[] {
  return results.map((query) => ({ result: query.data ?? null, isFailed: query.isError }));
}

/** The results of a job's finished documents, parallel to `documentIds`; kept once loaded. */
export function useDocumentResults(jobId: string, documentIds: readonly string[]) {
  return useQueries({
    queries: documentIds.map((documentId) => ({
      queryKey: documentResultKey(jobId, documentId),
      queryFn: () => fetchDocumentResult(jobId, documentId),
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: byDocument,
  });
}
