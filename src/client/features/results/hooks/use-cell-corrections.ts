import { useCallback, useState } from 'react';
import type { CellValue } from '../../../../shared/extraction';
import { cellKey, type CellAddress, type CellCorrections } from '../utils/table-review';

/**
 * Saves a correction on the server (POST /api/jobs/{id}/corrections, decision 022) and answers
 * what was stored: its id and the value as coerced to the column's type. It rejects with the
 * server's message when it cannot. The extracted value itself accepts the cell.
 */
export type SaveCorrection = (
  cell: CellAddress,
  value: CellValue,
) => Promise<{ id: string; value: CellValue }>;

/** Undoes a stored correction (DELETE /api/jobs/{id}/corrections/{correctionId}). */
export type UndoCorrection = (cell: CellAddress, correctionId: string) => Promise<void>;

/** Where corrections are kept: the job's corrections on the server. */
export type CorrectionStore = { save: SaveCorrection; undo: UndoCorrection };

/**
 * The corrections made in this view, over the ones the server sent with the result: kept here
 * once `store` (when given) has stored them, so that the table, its filters, Copy and the
 * downloads show them at once. Without a store they live in this page only. Nothing changes
 * here when the server refuses: the caller shows the message and keeps what was typed.
 */
export function useCellCorrections(store?: CorrectionStore) {
  const [corrections, setCorrections] = useState<CellCorrections>(() => new Map());
  const correct = useCallback(
    async (cell: CellAddress, value: CellValue, extracted: CellValue) => {
      const saved = store ? await store.save(cell, value) : { id: null, value };
      setCorrections((current) =>
        new Map(current).set(cellKey(cell), {
          kind: 'corrected',
          value: saved.value,
          extracted,
          id: saved.id,
        }),
      );
    },
    [store],
  );
  const undo = useCallback(
    async (cell: CellAddress, correctionId: string | null, extracted: CellValue) => {
      if (store && correctionId) await store.undo(cell, correctionId);
      setCorrections((current) =>
        new Map(current).set(cellKey(cell), { kind: 'undone', extracted }),
      );
    },
    [store],
  );
  return { corrections, correct, undo };
}
