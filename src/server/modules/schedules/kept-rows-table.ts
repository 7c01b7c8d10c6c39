import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow } from '../../../shared/extraction';
import type { Database } from '../../db/schema';
import { selectKeptRows } from './schedules.queries';

/** Every row a schedule has found, each once, in the order first seen, with when it was. */
export async function keptRowsTable(
  db: Kysely<Database>,
  extractorId: string,
  columns: ColumnDefinition[],
): Promise<{ columns: ColumnDefinition[]; rows: ExtractedRow[] }> {
  const kept = await selectKeptRows(db, extractorId);
  const seenColumn = columns.some((column) => column.name === 'first_seen')
    ? '_first_seen'
    : 'first_seen';
  return {
    columns: [...columns, { name: seenColumn, type: 'text' }],
    rows: kept.map((row) => ({
      ...(JSON.parse(row.row) as ExtractedRow),
      [seenColumn]: row.seen_at,
    })),
  };
}
