import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { Rule } from '../../../shared/records';
import { AppError } from '../../../shared/errors';
import type { ReplyFormat } from '../../../shared/extractors';
import type { Job, JobDocumentKind, JobOrigin } from '../../../shared/jobs';
import type { JobDocumentsTable } from '../../db/schema';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import type { JobQueue } from '../../jobs/job-queue';
import type { FileStorage } from '../../storage/file-storage';
import { appendJobEvent } from './job-events';
import { documentName, inputKey, storeInput } from './job-inputs';
import {
  payWhatCreditsAllow,
  refundRun,
  reserveRuns,
  type Caller,
  type Payment,
  type PaymentOptions,
} from './job-payer';
import { toJob } from './job-view';
import { insertJob, selectDocuments, selectJob } from './jobs.queries';

/** A document of an earlier job whose read Document is kept: run again without reading. */
export type KeptRead = {
  kind: 'read';
  name: string;
  documentKind: JobDocumentKind;
  url: string | null;
  mimeType: string | null;
  size: number | null;
  readKey: string;
  readUntil: string;
};

export type JobInput = InputSource | KeptRead;

export type NewJob = {
  columns: ColumnDefinition[];
  /** The document's own fields and the rules checked on each document (records, issue 31). */
  fields?: ColumnDefinition[];
  rules?: Rule[];
  description?: string;
  template?: string;
  inputs: JobInput[];
  /** Told when the job ends (checked by the caller: a signed-in user, a public address). */
  webhookUrl?: string;
  /** False when the caller asked for a fresh run (`cache: false`); stored results are used otherwise. */
  useCache?: boolean;
  /** A job no request made: a saved extractor's inbox or schedule (issue 24). */
  automatic?: AutomaticJob;
};

/** Where an automatic job came from, and for a mail, where its table is mailed back. */
export type AutomaticJob = {
  extractorId: string;
  origin: JobOrigin;
  reply: { to: string; format: ReplyFormat | null } | null;
  /** Its reply and webhook wait until no value is flagged (the extractor's hold_for_review). */
  holdForReview?: boolean;
};

/** The columns of `jobs` that say where an automatic job came from. */
export function automaticJobValues(automatic: AutomaticJob | undefined) {
  return {
    extractor_id: automatic?.extractorId ?? null,
    origin: automatic ? JSON.stringify(automatic.origin) : null,
    reply_to: automatic?.reply?.to ?? null,
    reply_format: automatic?.reply?.format ?? null,
    reply_status: automatic?.reply ? 'waiting' : null,
    hold_for_review: automatic?.holdForReview ? 1 : 0,
  };
}

export type CreateJobOptions = Omit<PaymentOptions, 'count' | 'caller'> & {
  storage: FileStorage;
  queue: JobQueue;
  caller: Caller;
  job: NewJob;
  /** 'queue': the workers run it (inputs are stored); 'direct': the caller runs it at once. */
  mode: 'queue' | 'direct';
  /**
   * A signed-in owner's job no request made: when credits are short, the documents they cover
   * run and the others wait for credits (resume-waiting-documents.ts), instead of a refusal.
   */
  waitForCredits?: boolean;
  batchMax: number;
};

function documentRow(input: JobInput, textNumber: number | null) {
  if (input.kind === 'read')
    return {
      name: input.name,
      kind: input.documentKind,
      url: input.url,
      mime_type: input.mimeType,
      size: input.size,
      read_key: input.readKey,
      read_until: input.readUntil,
    };
  return {
    name: documentName(input, textNumber),
    kind: input.kind,
    url: input.kind === 'url' ? input.url.trim() : null,
    mime_type: input.kind === 'file' ? input.mimeType : null,
    size: input.kind === 'file' ? input.bytes.byteLength : null,
  };
}

/**
 * A batch (several inputs) names its pasted texts "Text 1", "Text 2"…; a one-document job, read
 * like a single run, by their first words.
 */
export function documentRows(
  jobId: string,
  inputs: JobInput[],
  now: string,
  isBatch = inputs.length > 1,
) {
  let texts = 0;
  return inputs.map((input, position): Insertable<JobDocumentsTable> => ({
    id: randomUUID(),
    job_id: jobId,
    position,
    ...documentRow(input, isBatch && input.kind === 'text' ? ++texts : null),
    input_key: null,
    status: 'queued',
    charge: 'reserved',
    created_at: now,
  }));
}

/** Keeps every input of a queued job; on a failure, removes what was kept and refuses. */
async function storeInputs(
  storage: FileStorage,
  documents: Insertable<JobDocumentsTable>[],
  inputs: JobInput[],
): Promise<void> {
  const kept: string[] = [];
  try {
    for (const [index, document] of documents.entries()) {
      const input = inputs[index]!;
      if (input.kind === 'read') continue;
      const key = await storeInput(storage, inputKey(document.job_id, document.id), input);
      document.input_key = key;
      if (key) kept.push(key);
    }
  } catch (error) {
    await storage.remove(kept).catch(() => undefined);
    throw error;
  }
}

/** Pays for every document, or, for a job that may wait for credits, for those credits allow. */
async function payFor(
  options: CreateJobOptions,
  count: number,
): Promise<{ payment: Payment; paid: number }> {
  const { caller } = options;
  if (options.waitForCredits && caller.kind === 'user')
    return payWhatCreditsAllow({ ...options, caller, count });
  return { payment: await reserveRuns({ ...options, count }), paid: count };
}

/**
 * Accepts a job: pays for every document first (or refuses), keeps the inputs of a queued job
 * until it ends, records the job and hands its documents to the workers.
 */
export async function createJob(
  options: CreateJobOptions,
): Promise<{ job: Job; payment: Payment }> {
  const { db, job, mode } = options;
  if (job.inputs.length === 0) throw new AppError('NO_CONTENT');
  if (job.inputs.length > options.batchMax)
    throw new AppError('BATCH_TOO_LARGE', { params: { max: options.batchMax } });

  const { payment, paid } = await payFor(options, job.inputs.length);
  const jobId = randomUUID();
  const now = new Date().toISOString();
  const isBatch = mode === 'queue' && job.inputs.length > 1;
  const documents = documentRows(jobId, job.inputs, now, isBatch).map((document, index) =>
    index < paid ? document : { ...document, status: 'waiting_for_credits', charge: 'none' },
  );
  try {
    if (mode === 'queue') await storeInputs(options.storage, documents, job.inputs);
    await insertJob(
      db,
      {
        id: jobId,
        user_id: payment.userId,
        visitor_key: payment.visitorKey,
        trial_keys: payment.trialKeys ? JSON.stringify(payment.trialKeys) : null,
        columns: JSON.stringify(job.columns),
        fields: JSON.stringify(job.fields ?? []),
        rules: JSON.stringify(job.rules ?? []),
        description: job.description ?? null,
        template: job.template ?? null,
        webhook_url: job.webhookUrl ?? null,
        use_cache: job.useCache === false ? 0 : 1,
        ...automaticJobValues(job.automatic),
        // The owner hears once that documents wait for their credits.
        credits_notice: paid < documents.length ? 'due' : null,
        status: 'queued',
        mode,
        documents_total: documents.length,
        created_at: now,
      },
      documents,
    );
  } catch (error) {
    const trialKeys = payment.trialKeys ? JSON.stringify(payment.trialKeys) : null;
    for (let index = 0; index < paid; index++)
      await refundRun(db, { user_id: payment.userId, trial_keys: trialKeys });
    throw error;
  }
  await appendJobEvent(db, jobId, {
    type: 'status',
    status: 'queued',
    documents_done: 0,
    rows_total: 0,
  });
  if (mode === 'queue' && paid > 0)
    await options.queue.enqueue(
      documents.slice(0, paid).map((document) => ({ jobId, documentId: document.id })),
    );
  const saved = await selectJob(db, jobId);
  return { job: toJob(saved!, await selectDocuments(db, [jobId])), payment };
}
