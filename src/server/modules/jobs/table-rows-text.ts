import { isTableStatus } from '../../../shared/combined-table';
import type { DocumentRowsText } from './result-texts.queries';

/**
 * A document's rows that belong in a table, as the JSON text the database picked out of its
 * result: passed on as it is, never parsed on the thread that serves requests.
 */
export function tableRowsText({ status, rows }: DocumentRowsText): string {
  return rows && isTableStatus(Number(status)) ? rows : '[]';
}
