import type { ColumnDefinition } from '../../../shared/columns';
import type { ServerDocument } from '../read/types';
import { offlineExtract } from './offline-extract';

/** The offline fast path: one clean table whose headers give every column. */
export function offlineAnswersFully(document: ServerDocument, columns: ColumnDefinition[]) {
  if (document.tables.length !== 1 || document.images.length > 0) return null;
  const offline = offlineExtract({ document, columns });
  const hasEveryColumn = columns.every((column) =>
    offline.rows.some((row) => row[column.name] != null),
  );
  return hasEveryColumn && offline.rows.length === offline.sourceRowCount ? offline : null;
}

/**
 * Whether the person wrote instructions (a description, or a column's own): only the model reads
 * them, so a run with them never takes the offline fast path.
 */
export function hasInstructions(description: string | undefined, columns: ColumnDefinition[]) {
  return (
    Boolean(description?.trim()) || columns.some((column) => Boolean(column.description?.trim()))
  );
}
