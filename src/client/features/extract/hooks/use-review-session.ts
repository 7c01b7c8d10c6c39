import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellValue } from '../../../../shared/extraction';
import {
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
  view: TableView;
  /** The rows review steps through, in the order shown (the flagged and edited filters aside). */
  order: readonly number[];
  correct: (cell: CellAddress, value: CellValue) => Promise<void>;
};

export type ReviewSession = {
  isOpen: boolean;
  /** The cells still flagged among the rows shown, in their order. */
  flagged: TableCell[];
  /** The cell being reviewed: the grid's focused value (it follows the arrow keys too). */
  current: TableCell | null;
  isEditing: boolean;
  /** What the last step said (no more flagged cells, say), for a live region. */
  notice: string;
  start: () => void;
  close: () => void;
  step: (direction: 1 | -1) => void;
  accept: () => Promise<void>;
  edit: () => void;
  cancelEdit: () => void;
  save: (value: CellValue) => Promise<void>;
};

/**
 * "Review N cells" (issue 19 point 4): steps through the flagged cells in the order shown, moving
 * the grid's focus to each; accept keeps the value and clears the flag, edit saves a correction;
 * both go on to the next flagged cell.
 */
export function useReviewSession({
  review,
  columns,
  view,
  order,
  correct,
}: Options): ReviewSession {
  const [isOpen, setIsOpen] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [notice, setNotice] = useState('');
  const flagged = useMemo(() => flaggedCells(review, columns, order), [review, columns, order]);
  const { active, focusCell } = view;
  const activeColumn = columns[active.column]?.name;
  const [last, setLast] = useState<TableCell | null>(null);
  const focused =
    active.index !== null && activeColumn !== undefined
      ? { index: active.index, column: activeColumn }
      : null;
  // The header has the focus: the pane goes on showing the last value reviewed.
  if (focused && (focused.index !== last?.index || focused.column !== last.column))
    setLast(focused);
  const current = focused ?? last;

  const focus = useCallback(
    (cell: TableCell) => {
      const column = columns.findIndex(({ name }) => name === cell.column);
      focusCell({ index: cell.index, column: Math.max(0, column) });
    },
    [columns, focusCell],
  );
  const goOn = (from: TableCell, direction: 1 | -1) => {
    const next = nextFlagged(flagged, order, columns, from, direction);
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
    await correct(address, value);
    setIsEditing(false);
    goOn(current, 1);
  };

  return {
    isOpen,
    flagged,
    current: isOpen ? current : null,
    isEditing,
    notice,
    start: () => {
      const isFlagged = flagged.some(
        (cell) => cell.index === focused?.index && cell.column === focused.column,
      );
      const first = isFlagged && focused ? focused : flagged[0];
      setIsOpen(true);
      setNotice('');
      if (first) focus(first);
    },
    close: () => {
      setIsOpen(false);
      setIsEditing(false);
      if (current) focus(current);
    },
    step: (direction) => {
      if (current) goOn(current, direction);
    },
    accept: async () => {
      const state = current && review.cell(current.index, current.column);
      if (!current || !state || state === 'pending' || !state.flagged) return;
      await correctCurrent(review.extracted(current.index, current.column) ?? null);
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
};

/** Review's keys (N, P, A, E, and Escape to close), on the grid's cells and in the pane alike. */
export function reviewShortcut(event: KeyboardEvent<HTMLElement>, session: ReviewSession): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const action = SHORTCUTS[event.key.toLowerCase()];
  if (action) action(session);
  else if (event.key === 'Escape') session.close();
  else return false;
  event.preventDefault();
  return true;
}
