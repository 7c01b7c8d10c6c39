import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractionResult } from '../../../shared/extraction';
import type { Rule } from '../../../shared/records';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { ServerDocument } from '../../extraction/read/types';
import { whereResultsKept } from './job-retention';
import { jobDefinition } from './job-definition';
import type { JobRow } from './jobs.queries';

// Unchanged input is not sent to the model twice (issue 22, docs/decisions/031-result-cache.md):
// a document whose read content, columns, fields, rules, instructions and model match a stored
// 200 of the same owner is given that result again. The key is taken from what was read, so a file read again
// under another name, a page that did not change and a rerun of what was kept all find it.

/**
 * Raised when what a result holds, or how it is made, changes so that a stored result would no
 * longer be what a new run gives: keys made before then stop matching.
 */
const CACHE_VERSION = 2;

/** An earlier result given again, and where it came from. */
export type CachedResult = {
  result: ExtractionResult;
  documentId: string;
  extractedAt: string;
};

/** The read Document as the model would see it: its name and address are left out. */
function documentContent(document: ServerDocument) {
  const { fileName: _name, url: _url, ...metadata } = document.metadata;
  return {
    markdown: document.markdown,
    segments: document.segments,
    tables: document.tables,
    layout: document.layout ?? null,
    metadata,
    images: document.images.map(({ bytes, dataUrl: _dataUrl, ...image }) => ({
      ...image,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })),
  };
}

/** What a run asks for besides its Document: the key of its result is made of these. */
export type CachedRun = {
  columns: ColumnDefinition[];
  fields: ColumnDefinition[];
  rules: Rule[];
  description: string | null;
  model: string;
};

/**
 * What a run's result answers: the Document read, the columns, the document fields and rules,
 * the instructions, the model.
 */
export function resultCacheKey(document: ServerDocument, run: CachedRun): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        version: CACHE_VERSION,
        model: run.model,
        columns: run.columns,
        fields: run.fields,
        rules: run.rules,
        description: run.description ?? '',
        document: documentContent(document),
      }),
    )
    .digest('hex');
}

/**
 * The newest stored 200 with this key among the owner's jobs (a user's, or a visitor's) whose
 * results are still kept, judged now rather than by the sweep (which may not have run yet); null
 * when there is none.
 */
export async function findCachedResult(
  db: Kysely<Database>,
  owner: Pick<JobRow, 'user_id' | 'visitor_key'>,
  key: string,
): Promise<CachedResult | null> {
  if (!owner.user_id && !owner.visitor_key) return null;
  let query = db
    .selectFrom('job_documents')
    .innerJoin('jobs', 'jobs.id', 'job_documents.job_id')
    .select(['job_documents.id', 'job_documents.result', 'job_documents.finished_at'])
    .where('job_documents.cache_key', '=', key)
    .where('job_documents.status', '=', 'succeeded')
    .where('job_documents.result', 'is not', null)
    .where((eb) => whereResultsKept(eb));
  query = owner.user_id
    ? query.where('jobs.user_id', '=', owner.user_id)
    : query.where('jobs.user_id', 'is', null).where('jobs.visitor_key', '=', owner.visitor_key);
  const row = await query.orderBy('job_documents.finished_at', 'desc').limit(1).executeTakeFirst();
  if (!row?.result || !row.finished_at) return null;
  return {
    result: JSON.parse(row.result) as ExtractionResult,
    documentId: row.id,
    extractedAt: row.finished_at,
  };
}

/**
 * A stored result as this run's: the source is this run's Document (its name and address), the
 * model was not called, and it says which result it is.
 */
export function reuseResult(cached: CachedResult, document: ServerDocument): ExtractionResult {
  const { result } = cached;
  return {
    ...result,
    source: document.metadata,
    sourceText: document.markdown,
    usage: { inputTokens: 0, outputTokens: 0, calls: 0, repeatedInputTokens: 0, cost: null },
    fromCache: { documentId: cached.documentId, extractedAt: cached.extractedAt },
  };
}

/**
 * One document run's way to the cache: `reuse` (for runExtraction) makes the key of what was read
 * and, when the job allows it, gives the stored result; `key` is what the run's own result will be
 * kept under. A cache that cannot be read is no reason to fail the run: the model is asked.
 */
export function documentCache(
  db: Kysely<Database>,
  job: Pick<
    JobRow,
    'user_id' | 'visitor_key' | 'columns' | 'fields' | 'rules' | 'description' | 'use_cache'
  >,
  model: string | null,
  logger: Pick<Logger, 'warn'>,
) {
  let key: string | null = null;
  return {
    key: () => key,
    reuse: async (read: ServerDocument): Promise<ExtractionResult | null> => {
      if (!model) return null;
      key = resultCacheKey(read, { ...jobDefinition(job), description: job.description, model });
      if (!job.use_cache) return null;
      try {
        const cached = await findCachedResult(db, job, key);
        return cached ? reuseResult(cached, read) : null;
      } catch (error) {
        logger.warn(
          { err: error },
          'the stored results could not be looked up; the model is asked',
        );
        return null;
      }
    },
  };
}
