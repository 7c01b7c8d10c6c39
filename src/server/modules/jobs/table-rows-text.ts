import { isTableStatus } from '../../../shared/combined-table';
import type { DocumentRowsText } from './result-texts.queries';

/**
 * A document's rows that belong in a table, as the JSON text the database picked out of its
 * result: passed on as it is, never parsed on the thread that serves requests.
 */
export function tableRowsText({ status, rows }: Pick<DocumentRowsText, 'status' | 'rows'>): string {
  return rows && isTableStatus(Number(status)) ? rows : '[]';
}

const EMPTY_ARRAY = /^\s*\[\s*\]\s*$/;

/**
 * The number columns' decimals a `document` event carries beside `rowsText` (its rows as
 * `tableRowsText` gives them), as JSON text: only when there are rows and the result kept its
 * decimals (results stored before it did have none), else null.
 */
export function rowsDecimalsText(rowsText: string, decimals: string | null): string | null {
  if (decimals === null || decimals.trim() === 'null' || EMPTY_ARRAY.test(rowsText)) return null;
  return decimals;
}
