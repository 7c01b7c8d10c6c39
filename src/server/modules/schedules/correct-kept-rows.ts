import type { Kysely } from 'kysely';
import type { CellValue, ExtractedRow } from '../../../shared/extraction';
import type { Database } from '../../db/schema';
import { selectJobKeptRows, setKeptRowValues } from './schedules.queries';

/** A cell of a job's result and the value it now has. */
export type CellChange = { row: number; column: string; value: CellValue };

/**
 * Carries a change of a scheduled job's cells (a correction, or its undoing) to the rows the
 * job collected, in the caller's transaction. A row a later run has replaced since is the later
 * run's: it is left alone. The row keeps its hash as extracted, so a run that finds the same
 * uncorrected row again does not add it back.
 */
export async function correctKeptRows(
  trx: Kysely<Database>,
  jobId: string,
  changes: CellChange[],
): Promise<void> {
  const kept = await selectJobKeptRows(trx, jobId, [
    ...new Set(changes.map((change) => change.row)),
  ]);
  for (const collected of kept) {
    const row = JSON.parse(collected.row) as ExtractedRow;
    for (const change of changes)
      if (change.row === Number(collected.job_row)) row[change.column] = change.value;
    await setKeptRowValues(trx, collected.id, JSON.stringify(row));
  }
}
