import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow } from '../../../shared/extraction';
import type { JobOrigin } from '../../../shared/jobs';
import type { Database } from '../../db/schema';
import type { DocumentOutcome } from '../jobs/finish-document';
import {
  insertRows,
  nextRowPosition,
  replaceKeptRow,
  selectKeptByKey,
  selectSchedule,
  selectSeenHashes,
} from './schedules.queries';

const trimmed = (value: ExtractedRow[string] | undefined) =>
  typeof value === 'string' ? value.trim() : (value ?? null);

function hashOf(values: unknown): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

/** A row's identity: its values under the extractor's columns (names and order included). */
export function rowHash(columns: ColumnDefinition[], row: ExtractedRow): string {
  return hashOf(columns.map((column) => [column.name, trimmed(row[column.name])]));
}

/** The identity of a row's key, or null when it has no key or every key value is empty. */
export function keyHash(keyColumns: string[], row: ExtractedRow): string | null {
  const values = keyColumns.map((name) => [name, trimmed(row[name])]);
  if (values.every(([, value]) => value === null || value === '')) return null;
  return hashOf(values);
}

/** The schedule's key columns that its extractor still has. */
function keyColumnsOf(stored: string | undefined, columns: ColumnDefinition[]): string[] {
  const names = new Set(columns.map((column) => column.name));
  return (JSON.parse(stored ?? '[]') as string[]).filter((name) => names.has(name));
}

type Kept = { index: number; hash: string; key: string | null; replaces: string | null };

/**
 * A scheduled run's result keeps only the rows no earlier run found, and the rows whose key an
 * earlier run found with other values: those replace the collected row in its place. Both are
 * written to the schedule's rows in the same transaction that records the document, so a run
 * taken over by another worker never loses or doubles a row. Each collected row remembers its
 * index in this job's result, where the job's corrections reach it. Other jobs, and results that
 * are not a 200 (a 207's fallback row is no data), pass unchanged.
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
  const keyColumns = keyColumnsOf(
    (await selectSchedule(trx, extractorId))?.key_columns,
    result.columns,
  );
  const rows = result.rows.map((row) => ({
    hash: rowHash(result.columns, row),
    key: keyColumns.length > 0 ? keyHash(keyColumns, row) : null,
  }));
  const seen = await selectSeenHashes(trx, extractorId, [...new Set(rows.map((row) => row.hash))]);
  const collectedByKey = await selectKeptByKey(trx, extractorId, [
    ...new Set(rows.flatMap((row) => (row.key ? [row.key] : []))),
  ]);
  const kept: Kept[] = [];
  const keptByKey = new Map<string, Kept>();
  let updated = 0;
  for (const [index, { hash, key }] of rows.entries()) {
    const earlier = key ? keptByKey.get(key) : undefined;
    if (earlier) {
      // The page lists one key twice: its last row is the one kept.
      if (!seen.has(hash)) Object.assign(earlier, { index, hash });
      seen.add(hash);
      continue;
    }
    if (seen.has(hash)) continue;
    const collected = key ? collectedByKey.get(key) : undefined;
    const row: Kept = { index, hash, key, replaces: collected?.id ?? null };
    if (collected) updated += 1;
    seen.add(hash);
    kept.push(row);
    if (key) keptByKey.set(key, row);
  }
  const position = await nextRowPosition(trx, extractorId);
  const now = new Date().toISOString();
  const added = kept.filter((row) => !row.replaces);
  await insertRows(
    trx,
    added.map((row, offset) => ({
      id: randomUUID(),
      extractor_id: extractorId,
      row_hash: row.hash,
      key_hash: row.key,
      row: JSON.stringify(result.rows[row.index]),
      job_id: job.id,
      job_row: kept.indexOf(row),
      position: position + offset,
      seen_at: now,
    })),
  );
  for (const [jobRow, row] of kept.entries())
    if (row.replaces)
      await replaceKeptRow(trx, row.replaces, {
        row_hash: row.hash,
        row: JSON.stringify(result.rows[row.index]),
        job_id: job.id,
        job_row: jobRow,
      });
  return {
    kind: 'result',
    result: {
      ...result,
      rows: kept.map((row) => result.rows[row.index]!),
      cells: kept.map((row) => result.cells[row.index]!).filter(Boolean),
      warnings: [...result.warnings, ...keptWords(result.rows.length - kept.length, updated)],
    },
  };
}

function keptWords(left: number, updated: number): string[] {
  const words: string[] = [];
  if (left > 0) words.push(`${left} row${left === 1 ? ' was' : 's were'} found by earlier runs.`);
  if (updated > 0)
    words.push(
      `${updated} row${updated === 1 ? '' : 's'} updated the collected row${updated === 1 ? '' : 's'} with the same key.`,
    );
  return words;
}
