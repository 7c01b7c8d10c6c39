import type { ColumnDefinition } from '../../../../shared/columns';
import type { JobAccepted } from '../../../../shared/jobs';
import type { Rule } from '../../../../shared/records';
import { apiErrorFromResponse, networkError } from '../../../lib/api-client';

/** The document fields and rules of a run, beside its columns; absent or empty when none. */
export type RecordInput = { fields?: ColumnDefinition[]; rules?: Rule[] };

/** What a batch sends: the files, and the columns, fields, rules and description they share. */
export type BatchInput = RecordInput & {
  files: File[];
  columns: ColumnDefinition[];
  description: string;
};

/** `fields` and `rules` as a request carries them: left out when empty. */
function recordParts({ fields = [], rules = [] }: RecordInput) {
  return { ...(fields.length > 0 ? { fields } : {}), ...(rules.length > 0 ? { rules } : {}) };
}

/**
 * POST /api/jobs with every file as a `file` part and the columns in the `request` part. The
 * server pays for every document first and answers 202 with the job's id; refusals (no
 * credits, too few free runs, too many files) throw an ApiError with the server's message.
 */
export async function createJob(input: BatchInput): Promise<JobAccepted> {
  return sendJob('/api/jobs', await batchForm(input));
}

/**
 * The columns and description a run again uses (an empty description keeps the job's), and
 * `cache: false` to ask the model even where the input has a stored result.
 */
export type RerunInput = RecordInput & {
  columns: ColumnDefinition[];
  description: string;
  cache?: false;
};

/**
 * POST /api/jobs/{id}/rerun: the job's documents again with these columns, from what was read
 * from them (kept for a day), as a new job paid for like any other.
 */
export function rerunJob(jobId: string, input: RerunInput): Promise<JobAccepted> {
  const body = JSON.stringify({
    columns: input.columns,
    ...recordParts(input),
    ...(input.description ? { description: input.description } : {}),
    ...(input.cache === false ? { cache: false } : {}),
  });
  return sendJob(`/api/jobs/${encodeURIComponent(jobId)}/rerun`, body);
}

/**
 * One failed document of a finished job tried again alone, with the job's own columns, from
 * what was read from it: a new job of one document, paid for like any other.
 */
export function retryDocument(jobId: string, documentId: string): Promise<JobAccepted> {
  const body = JSON.stringify({ document_ids: [documentId] });
  return sendJob(`/api/jobs/${encodeURIComponent(jobId)}/rerun`, body);
}

async function batchForm(input: BatchInput): Promise<FormData> {
  const form = new FormData();
  for (const file of input.files) form.append('file', file, file.name);
  const request = {
    columns: input.columns,
    ...recordParts(input),
    ...(input.description ? { description: input.description } : {}),
  };
  form.set('request', JSON.stringify(request));
  return Promise.resolve(form);
}

async function sendJob(path: string, body: FormData | string): Promise<JobAccepted> {
  const headers = typeof body === 'string' ? { 'content-type': 'application/json' } : undefined;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body, headers, credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return (await response.json()) as JobAccepted;
}
