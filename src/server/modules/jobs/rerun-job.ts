import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { JobDocumentKind, rerunRequestSchema } from '../../../shared/jobs';
import type { TemplateLookup } from '../extractors/template-columns';
import type { CreateJobOptions, KeptRead } from './create-job';
import { createJob } from './create-job';
import { findOwnedJob, type JobViewer } from './job-access';
import { READ_KEEP_HOURS } from './job-reads';
import { jobDefinition } from './job-definition';
import { assertResultsKept } from './job-retention';
import { isReadKept } from './job-view';
import { selectDocuments, type JobDocumentInfo } from './jobs.queries';
import { runDefinition } from './run-columns';

/**
 * The earlier job's documents a rerun takes: those named (each must be the job's), or all.
 */
function documentsToRun(documents: JobDocumentInfo[], ids: string[] | undefined) {
  const named = ids ? new Set(ids) : null;
  if (named && ![...named].every((id) => documents.some((document) => document.id === id)))
    throw new AppError('JOB_NOT_FOUND');
  return documents.filter((document) => !named || named.has(document.id));
}

/**
 * Runs a finished job's documents again, all or those named (a failed one tried again), with
 * other columns (and fields and rules) or the job's own, from what was read from them (kept for
 * READ_KEEP_HOURS): nothing is read again; the new job is paid for like any other, one run per
 * document. Documents whose reading failed are left out. A job whose results are past their
 * time is not run again: its results, and so what they were made from, are gone for its owner.
 */
export async function rerunJob(
  options: Omit<CreateJobOptions, 'job' | 'mode'> & {
    viewer: JobViewer;
    jobId: string;
    request: z.output<typeof rerunRequestSchema>;
    lookup: TemplateLookup;
    webhookUrl?: string | undefined;
  },
) {
  const { db, viewer, jobId, request } = options;
  const earlier = await findOwnedJob(db, viewer, jobId);
  assertResultsKept(earlier);
  if (!earlier.finished_at) throw new AppError('JOB_NOT_FINISHED');
  const now = new Date().toISOString();
  const documents = documentsToRun(await selectDocuments(db, [earlier.id]), request.document_ids);
  const kept = documents.flatMap((document): KeptRead[] =>
    document.read_key && document.read_until && isReadKept(document, now)
      ? [
          {
            kind: 'read',
            name: document.name,
            documentKind: document.kind as JobDocumentKind,
            url: document.url,
            mimeType: document.mime_type,
            size: document.size,
            readKey: document.read_key,
            readUntil: document.read_until,
          },
        ]
      : [],
  );
  if (kept.length === 0)
    throw new AppError('RERUN_UNAVAILABLE', { params: { hours: READ_KEEP_HOURS } });
  const { columns, fields, rules, template } = request;
  const isDefined = columns !== undefined || fields !== undefined || template !== undefined;
  const run = await runDefinition(
    isDefined
      ? { columns, fields, rules }
      : { ...jobDefinition(earlier), ...(rules ? { rules } : {}) },
    template,
    options.lookup,
  );
  if (!run) throw new AppError('COLUMNS_REQUIRED');
  return createJob({
    ...options,
    mode: 'queue',
    job: {
      columns: run.columns,
      fields: run.fields,
      rules: run.rules,
      description: request.description || run.description || earlier.description || undefined,
      template: request.template,
      webhookUrl: options.webhookUrl,
      useCache: request.cache !== false,
      inputs: kept,
    },
  });
}
