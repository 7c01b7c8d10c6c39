import { useCallback, useState } from 'react';
import type { CellValue } from '../../../../shared/extraction';
import { cellKey, type CellAddress, type CellCorrections } from '../utils/table-review';

/**
 * Saves a correction on the server (POST /api/jobs/{id}/corrections, decision 022); it rejects
 * with the server's message when it cannot. The extracted value itself accepts the cell.
 */
export type SaveCorrection = (cell: CellAddress, value: CellValue) => Promise<void>;

/**
 * The corrections made in this view: kept here once `save` (when given) has stored them, so that
 * the table, its filters, Copy and the downloads show them at once. Without `save` they live in
 * this page only.
 */
export function useCellCorrections(save?: SaveCorrection) {
  const [corrections, setCorrections] = useState<CellCorrections>(() => new Map());
  const correct = useCallback(
    async (cell: CellAddress, value: CellValue) => {
      await save?.(cell, value);
      setCorrections((current) => new Map(current).set(cellKey(cell), value));
    },
    [save],
  );
  return { corrections, correct };
}
