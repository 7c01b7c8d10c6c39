import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow } from '../../../shared/extraction';
import type { JobOrigin } from '../../../shared/jobs';
import type { Database } from '../../db/schema';
import type { DocumentOutcome } from '../jobs/finish-document';
import { insertRows, nextRowPosition, selectSeenHashes } from './schedules.queries';

/** A row's identity: its values under the extractor's columns (names and order included). */
export function rowHash(columns: ColumnDefinition[], row: ExtractedRow): string {
  const values = columns.map((column) => {
    const value = row[column.name] ?? null;
    return [column.name, typeof value === 'string' ? value.trim() : value];
  });
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

/**
 * A scheduled run's result keeps only the rows no earlier run found; they are added to the
 * schedule's rows in the same transaction that records the document, so a run taken over by
 * another worker never loses or doubles a row. Other jobs, and results that are not a 200
 * (a 207's fallback row is no data), pass unchanged.
 */
export async function keepNewRows(
  trx: Kysely<Database>,
  job: { id: string; extractor_id: string | null; origin: string | null },
  outcome: DocumentOutcome,
): Promise<DocumentOutcome> {
  const origin = job.origin ? (JSON.parse(job.origin) as JobOrigin) : null;
  if (origin?.kind !== 'schedule' || !job.extractor_id) return outcome;
  if (outcome.kind !== 'result' || outcome.result.status !== 200) return outcome;
  const extractorId = job.extractor_id;
  const exists = await trx
    .selectFrom('extractors')
    .select('id')
    .where('id', '=', extractorId)
    .executeTakeFirst();
  if (!exists) return outcome;
  const { result } = outcome;
  const hashes = result.rows.map((row) => rowHash(result.columns, row));
  const seen = await selectSeenHashes(trx, extractorId, [...new Set(hashes)]);
  const kept: number[] = [];
  for (const [index, hash] of hashes.entries()) {
    if (seen.has(hash)) continue;
    seen.add(hash);
    kept.push(index);
  }
  const position = await nextRowPosition(trx, extractorId);
  const now = new Date().toISOString();
  await insertRows(
    trx,
    kept.map((index, offset) => ({
      id: randomUUID(),
      extractor_id: extractorId,
      row_hash: hashes[index]!,
      row: JSON.stringify(result.rows[index]),
      job_id: job.id,
      position: position + offset,
      seen_at: now,
    })),
  );
  const left = result.rows.length - kept.length;
  const warnings =
    left > 0
      ? [...result.warnings, `${left} row${left === 1 ? ' was' : 's were'} found by earlier runs.`]
      : result.warnings;
  return {
    kind: 'result',
    result: {
      ...result,
      rows: kept.map((index) => result.rows[index]!),
      cells: kept.map((index) => result.cells[index]!).filter(Boolean),
      warnings,
    },
  };
}
