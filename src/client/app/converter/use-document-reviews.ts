import { useMemo } from 'react';
import { useDocumentResults } from '../../features/results/api/get-document-result';
import type { BatchView } from '../../features/runs/utils/batch-view';
import type { DocumentReview } from '../../features/results/utils/table-review';

/**
 * The review of each document in the combined table: its cells and source text, loaded from the
 * server (GET /api/jobs/{id}/documents/{documentId}/result) as each document finishes, so a batch
 * reopened from History or a link is reviewed from what the server kept.
 */
export function useDocumentReviews(jobId: string, view: BatchView | null): DocumentReview[] {
  const documents = view?.job.documents;
  const withRows = useMemo(
    () =>
      (documents ?? []).filter(
        // A document that ended in an error has no result to ask for (status_code null).
        (document) => view?.rows[document.id] !== undefined && document.status_code !== null,
      ),
    [documents, view?.rows],
  );
  const results = useDocumentResults(
    jobId,
    withRows.map((document) => document.id),
  );
  return useMemo(
    () =>
      (documents ?? []).map((document) => {
        const state = results[withRows.indexOf(document)];
        const result = state?.result ?? null;
        return {
          documentId: document.id,
          name: document.name,
          fileType: result?.source.fileType ?? null,
          // A result that cannot be had (expired, say) leaves its rows without marks.
          detail: result
            ? {
                cells: result.cells,
                sourceText: result.sourceText,
                pages: result.pages,
                fieldCells: result.fieldCells,
                fieldValues: result.fields,
                checks: result.checks,
              }
            : state?.isFailed || !state
              ? { cells: [], sourceText: '' }
              : null,
        };
      }),
    [documents, withRows, results],
  );
}
