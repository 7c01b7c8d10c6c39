import type { Kysely } from 'kysely';

/**
 * Review (issue 19, docs/decisions/022-corrections-and-page-pictures.md): each job document keeps
 * its review summary (cells, flagged, corrected) so that lists of jobs need not read results, and
 * the pictures of its pages; a job notes when its results were deleted; corrections are kept per
 * cell, with the value they replace, who made them and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['review_total', 'review_flagged', 'review_edited'])
    await db.schema.alterTable('job_documents').addColumn(column, 'integer').execute();
  /** JSON: the stored page pictures, `[{ page, width, height, mimeType, key }]`. */
  await db.schema.alterTable('job_documents').addColumn('pages', 'text').execute();
  /** When the job's results were deleted (an anonymous visitor's, a day after the run). */
  await db.schema.alterTable('jobs').addColumn('results_expired_at', 'text').execute();

  await db.schema
    .createTable('corrections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (col) =>
      col.notNull().references('job_documents.id').onDelete('cascade'),
    )
    .addColumn('row_index', 'integer', (col) => col.notNull())
    .addColumn('column_name', 'text', (col) => col.notNull())
    /** JSON: the corrected value, and the value as it was extracted. */
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('old_value', 'text', (col) => col.notNull())
    /** The user who made it; null for an anonymous visitor (the job's owner). */
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('corrections_cell_idx')
    .on('corrections')
    .columns(['document_id', 'row_index', 'column_name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('corrections_job_idx')
    .on('corrections')
    .columns(['job_id', 'created_at'])
    .execute();
  await backfillReviewSummaries(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('corrections').execute();
  await db.schema.alterTable('jobs').dropColumn('results_expired_at').execute();
  for (const column of ['pages', 'review_edited', 'review_flagged', 'review_total'])
    await db.schema.alterTable('job_documents').dropColumn(column).execute();
}

type BackfillDatabase = {
  job_documents: {
    id: string;
    result: string | null;
    review_total: number | null;
    review_flagged: number | null;
    review_edited: number | null;
  };
};

type StoredCell = { flagged?: boolean; evidence?: unknown; reasons?: unknown[] };
type StoredResult = {
  status?: number;
  rows?: Record<string, unknown>[];
  cells?: Record<string, StoredCell>[];
  evidence?: Record<string, unknown>[];
};

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The summary of a result stored before this migration, as the review stage counts it: from its
 * cells when it has them; from the older `evidence` (a value not found in the source was marked
 * then, and is flagged now) when it does not (review/stored-result.ts builds the same cells).
 */
function summaryOf(result: StoredResult) {
  if (result.status === 500) return { total: 0, flagged: 0 };
  if (result.cells) {
    const cells = result.cells.flatMap((row) => Object.values(row));
    const counted = cells.filter((cell) => cell.evidence || (cell.reasons?.length ?? 0) > 0);
    return { total: counted.length, flagged: cells.filter((cell) => cell.flagged).length };
  }
  const evidence = result.evidence;
  if (!evidence) return { total: 0, flagged: 0 };
  let total = 0;
  let flagged = 0;
  (result.rows ?? []).forEach((row, index) => {
    for (const [column, value] of Object.entries(row)) {
      if (isBlank(value)) continue;
      total += 1;
      if (!evidence[index]?.[column]) flagged += 1;
    }
  });
  return { total, flagged };
}

/** Gives every document that has a result its summary, a hundred documents at a time. */
async function backfillReviewSummaries(db: Kysely<BackfillDatabase>): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('job_documents')
      .select(['id', 'result'])
      .where('result', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(100)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      let summary = { total: 0, flagged: 0 };
      try {
        summary = summaryOf(JSON.parse(row.result ?? '{}') as StoredResult);
      } catch {
        // A result that does not parse has nothing to count.
      }
      await db
        .updateTable('job_documents')
        .set({ review_total: summary.total, review_flagged: summary.flagged, review_edited: 0 })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows.at(-1)!.id;
  }
}
