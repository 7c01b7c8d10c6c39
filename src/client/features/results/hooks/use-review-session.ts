import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellValue } from '../../../../shared/extraction';
import {
  FIELDS_ROW,
  flaggedCells,
  nextFlagged,
  type CellAddress,
  type TableCell,
  type TableReview,
} from '../utils/table-review';
import type { TableView } from './use-table-view';

type Options = {
  review: TableReview;
  columns: readonly ColumnDefinition[];
  /** A single result's document fields, reviewed before the rows (FIELDS_ROW). */
  fields?: readonly ColumnDefinition[];
  /** What the fields' ids are made from (fieldCellId), to move the focus to one. */
  fieldsId?: string;
  view: TableView;
  /** The rows review steps through, in the order shown (the flagged and edited filters aside). */
  order: readonly number[];
  correct: (cell: CellAddress, value: CellValue, extracted: CellValue) => Promise<void>;
  undo: (cell: CellAddress, correctionId: string | null, extracted: CellValue) => Promise<void>;
};

export type ReviewSession = {
  isOpen: boolean;
  /** The cells still flagged among the rows shown, in their order. */
  flagged: TableCell[];
  /**
   * The cell being reviewed: the grid's focused value, or the document field focused last (it
   * follows the arrow keys too).
   */
  current: TableCell | null;
  /** A document field got the focus: it is the current cell. */
  focusField: (name: string) => void;
  isEditing: boolean;
  /** What the last step said (no more flagged cells, say), for a live region. */
  notice: string;
  /** Why the last accept or undo was not saved (the server's message); empty when it was. */
  error: string;
  /** What U takes back: a cell's correction or acceptance (see `undo`), or null for nothing. */
  undoable: Undoable | null;
  start: () => void;
  close: () => void;
  step: (direction: 1 | -1) => void;
  accept: () => Promise<void>;
  /**
   * Takes back the current cell's correction or acceptance, or, on a cell that has none, the
   * last one made in this review (an accept or edit has just moved on from it): that cell gets
   * its extracted value and its flag again, and is the current one.
   */
  undo: () => Promise<void>;
  edit: () => void;
  cancelEdit: () => void;
  save: (value: CellValue) => Promise<void>;
};

export type Undoable = { cell: TableCell; kind: 'edited' | 'accepted'; isCurrent: boolean };

/**
 * "Review N cells" (issue 19 point 4): steps through the flagged cells in the order shown, moving
 * the grid's focus to each; accept keeps the value and clears the flag, edit saves a correction;
 * both go on to the next flagged cell (after the last one, the review stays on it), and undo
 * takes either back.
 */
/** The id of a document field's value in the fields panel, which review moves the focus to. */
export const fieldCellId = (baseId: string, name: string) =>
  `${baseId}-field-${encodeURIComponent(name)}`;

const NO_FIELDS: readonly ColumnDefinition[] = [];

export function useReviewSession({
  review,
  columns,
  fields = NO_FIELDS,
  view,
  order,
  correct,
  undo,
  fieldsId,
}: Options): ReviewSession {
  const [isOpen, setIsOpen] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const flagged = useMemo(
    () => flaggedCells(review, columns, order, fields),
    [review, columns, order, fields],
  );
  const { active, focusCell } = view;
  const activeColumn = columns[active.column]?.name;
  const [last, setLast] = useState<TableCell | null>(null);
  const [lastFocused, setLastFocused] = useState<TableCell | null>(null);
  // The cell of the last accept or edit saved in this review, which U takes back from the next.
  const [lastSaved, setLastSaved] = useState<TableCell | null>(null);
  const focused =
    active.index !== null && activeColumn !== undefined
      ? { index: active.index, column: activeColumn }
      : null;
  // The grid's focus moved: its cell is the current one (a field focused since is, until then).
  // The header has the focus: the pane goes on showing the last value reviewed.
  if (focused && (focused.index !== lastFocused?.index || focused.column !== lastFocused.column)) {
    setLastFocused(focused);
    setLast(focused);
  }
  const current = last ?? focused;

  const focus = useCallback(
    (cell: TableCell) => {
      if (cell.index === FIELDS_ROW) {
        setLast(cell);
        if (fieldsId) document.getElementById(fieldCellId(fieldsId, cell.column))?.focus();
        return;
      }
      const column = columns.findIndex(({ name }) => name === cell.column);
      setLast(cell);
      focusCell({ index: cell.index, column: Math.max(0, column) });
    },
    [columns, focusCell, fieldsId],
  );
  const goOn = (from: TableCell, direction: 1 | -1) => {
    const next = nextFlagged(flagged, order, columns, from, direction, fields);
    setError('');
    if (next) {
      setNotice('');
      focus(next);
    } else {
      setNotice(
        direction === 1
          ? 'No more flagged cells after this one.'
          : 'No flagged cells before this one.',
      );
      focus(from);
    }
  };
  const correctCurrent = async (value: CellValue) => {
    const address = current && review.address(current.index, current.column);
    if (!current || !address) return;
    await correct(address, value, review.extracted(current.index, current.column) ?? null);
    setLastSaved(current);
    setIsEditing(false);
    goOn(current, 1);
  };
  const changeOf = (cell: TableCell | null) => {
    const state = cell && review.cell(cell.index, cell.column);
    if (!state || state === 'pending') return null;
    return state.edited ? 'edited' : state.accepted ? 'accepted' : null;
  };
  const undoable = ((): Undoable | null => {
    const own = current && changeOf(current);
    if (current && own) return { cell: current, kind: own, isCurrent: true };
    const saved = changeOf(lastSaved);
    return lastSaved && saved ? { cell: lastSaved, kind: saved, isCurrent: false } : null;
  })();
  /** Accept and undo have no field to keep a message by: the pane shows it. */
  const reporting = async (work: () => Promise<void>) => {
    setError('');
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return {
    isOpen,
    flagged,
    current: isOpen ? current : null,
    focusField: (name) => setLast({ index: FIELDS_ROW, column: name }),
    isEditing,
    notice,
    error,
    undoable: isOpen ? undoable : null,
    start: () => {
      const isFlagged = flagged.some(
        (cell) => cell.index === current?.index && cell.column === current.column,
      );
      const first = isFlagged && current ? current : flagged[0];
      setIsOpen(true);
      setLastSaved(null);
      setNotice('');
      if (first) focus(first);
    },
    close: () => {
      setIsOpen(false);
      setIsEditing(false);
      setLastSaved(null);
      setError('');
      if (current) focus(current);
    },
    step: (direction) => {
      if (current) goOn(current, direction);
    },
    accept: async () => {
      const state = current && review.cell(current.index, current.column);
      if (!current || !state || state === 'pending' || !state.flagged) return;
      const extracted = review.extracted(current.index, current.column) ?? null;
      await reporting(() => correctCurrent(extracted));
    },
    undo: async () => {
      if (!undoable) return;
      const { cell } = undoable;
      const state = review.cell(cell.index, cell.column);
      const address = review.address(cell.index, cell.column);
      if (!address || !state || state === 'pending') return;
      const extracted = review.extracted(cell.index, cell.column) ?? null;
      await reporting(async () => {
        await undo(address, state.correction?.id ?? null, extracted);
        setLastSaved(null);
        setNotice('');
        focus(cell);
      });
    },
    edit: () => {
      if (current) setIsEditing(true);
    },
    cancelEdit: () => {
      setIsEditing(false);
      if (current) focus(current);
    },
    save: correctCurrent,
  };
}

const SHORTCUTS: Record<string, (session: ReviewSession) => void> = {
  n: (session) => session.step(1),
  p: (session) => session.step(-1),
  a: (session) => void session.accept(),
  e: (session) => session.edit(),
  u: (session) => void session.undo(),
};

/** Review's keys (N, P, A, E, U, and Escape to close), on the grid's cells and in the pane alike. */
export function reviewShortcut(event: KeyboardEvent<HTMLElement>, session: ReviewSession): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const action = SHORTCUTS[event.key.toLowerCase()];
  if (action) action(session);
  else if (event.key === 'Escape') session.close();
  else return false;
  event.preventDefault();
  return true;
}
