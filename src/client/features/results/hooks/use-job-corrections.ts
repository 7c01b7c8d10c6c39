import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { deleteCorrection, saveCorrection } from '../api/corrections';
import { documentResultKey } from '../api/get-document-result';
import { FIELDS_ROW, type CellAddress } from '../utils/table-review';
import type { CorrectionStore } from './use-cell-corrections';

/** What a correction names: a document field (FIELDS_ROW), or a row's cell. */
function correctionTarget(cell: CellAddress) {
  return cell.row === FIELDS_ROW
    ? { document_id: cell.documentId, field: cell.column }
    : { document_id: cell.documentId, row: cell.row, column: cell.column };
}

/**
 * The job's corrections on the server, for the result's table: each one saved or undone there,
 * then the document's result is read again (when shown) so that its cells are the server's
 * (an undone cell gets back its flag and reasons), and never stale when it is opened again.
 */
export function useJobCorrections(jobId: string): CorrectionStore {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const reread = (documentId: string) =>
      void queryClient.invalidateQueries({ queryKey: documentResultKey(jobId, documentId) });
    return {
      save: async (cell, value) => {
        const stored = await saveCorrection(jobId, { ...correctionTarget(cell), value });
        reread(cell.documentId);
        return { id: stored.id, value: stored.value };
      },
      undo: async (cell, correctionId) => {
        await deleteCorrection(jobId, correctionId);
        reread(cell.documentId);
      },
    };
  }, [jobId, queryClient]);
}
