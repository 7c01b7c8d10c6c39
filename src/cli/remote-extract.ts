import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ColumnDefinition } from '../shared/columns';
import type { ExtractionResult } from '../shared/extraction';
import type { Extractor } from '../shared/extractors';
import type { Job, JobAccepted } from '../shared/jobs';
import type { Rule } from '../shared/records';
import { getTemplate, isTemplateKey } from '../shared/templates';
import type { BatchDocument } from './extract-batch';

/** A server reached with an API key: `rowsmith extract --server URL --api-key KEY`. */
export type RemoteServer = { url: string; apiKey: string };

export class RemoteError extends Error {}

/** Why a request never got an answer, from the system's error code under fetch's "fetch failed". */
function unreachableReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'nothing answers at that address (connection refused)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'no such host';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'it did not answer in time';
    default:
      return cause?.message ?? (error as Error).message;
  }
}

async function call<T>(server: RemoteServer, path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, server.url), {
      ...init,
      headers: { authorization: `Bearer ${server.apiKey}`, ...init.headers },
    });
  } catch (error) {
    throw new RemoteError(`Cannot reach ${server.url}: ${unreachableReason(error)}.`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message;
    throw new RemoteError(message ?? `The server answered ${response.status}.`);
  }
  return body as T;
}

/**
 * What `--template` names on the server: a built-in template's key as it is, else one of the
 * key owner's saved extractors by name (or id), sent as its id.
 */
export async function remoteTemplate(server: RemoteServer, name: string): Promise<string> {
  if (isTemplateKey(name)) return name;
  const { extractors } = await call<{ extractors: Extractor[] }>(server, '/api/extractors');
  const wanted = name.trim().toLowerCase();
  const found = extractors.find(
    (extractor) => extractor.id === name || extractor.name.toLowerCase() === wanted,
  );
  if (!found) {
    const names = extractors.map((extractor) => extractor.name).join(', ') || 'none saved';
    throw new RemoteError(`No template or saved extractor "${name}" (yours: ${names}).`);
  }
  return found.id;
}

/**
 * The columns and fields a template (as remoteTemplate answers it) runs with: built in, or a saved
 * extractor's (an extractor saved before records has no fields).
 */
export async function remoteDefinition(
  server: RemoteServer,
  template: string,
): Promise<{ columns: ColumnDefinition[]; fields: ColumnDefinition[] }> {
  if (isTemplateKey(template)) {
    const { columns, fields = [] } = getTemplate(template);
    return { columns, fields };
  }
  const saved = await call<Extractor & { fields?: ColumnDefinition[] }>(
    server,
    `/api/extractors/${encodeURIComponent(template)}`,
  );
  return { columns: saved.columns, fields: saved.fields ?? [] };
}

/**
 * What a job runs with, as POST /api/jobs takes it: columns, fields and rules, or a template
 * (a built-in key or a saved extractor's id) for what is not given.
 */
export type RemoteRun = {
  columns?: ColumnDefinition[] | undefined;
  fields?: ColumnDefinition[] | undefined;
  rules?: Rule[] | undefined;
  template?: string | undefined;
  description?: string | undefined;
  cache?: boolean;
};

/** A path, a web address, `-` (standard input), or a file's bytes already read and its name. */
export type RemoteTarget = string | { name: string; bytes: Uint8Array };

async function requestForm(targets: RemoteTarget[], run: RemoteRun): Promise<FormData> {
  const form = new FormData();
  const inputs: { url: string }[] = [];
  for (const target of targets) {
    if (typeof target !== 'string')
      form.append('file', new Blob([new Uint8Array(target.bytes)]), target.name);
    else if (/^https?:\/\//i.test(target)) inputs.push({ url: target });
    else {
      const bytes = target === '-' ? await readStdin() : await readFile(target);
      form.append(
        'file',
        new Blob([new Uint8Array(bytes)]),
        target === '-' ? 'stdin' : basename(target),
      );
    }
  }
  form.set('request', JSON.stringify({ ...run, inputs }));
  return form;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Runs the inputs as one job on the server and waits for it, reporting each document on stderr
 * as it ends (as a local batch does); answers each document's whole result, in order.
 */
export async function runRemoteJob(
  server: RemoteServer,
  targets: RemoteTarget[],
  run: RemoteRun,
): Promise<{ job: Job; documents: BatchDocument[] }> {
  const accepted = await call<JobAccepted>(server, '/api/jobs', {
    method: 'POST',
    body: await requestForm(targets, run),
  });
  const reported = new Set<string>();
  let job: Job;
  for (;;) {
    job = await call<Job>(server, `/api/jobs/${accepted.id}`);
    for (const document of job.documents) {
      if (!document.finished_at || reported.has(document.id)) continue;
      reported.add(document.id);
      console.warn(
        !document.status_code
          ? `${document.name}: ${document.message ?? document.status}`
          : document.fallback === 'no_rows'
            ? `${document.name}: no rows found, status ${document.status_code}; left out of the table`
            : `${document.name}: ${document.rows} rows, status ${document.status_code}`,
      );
    }
    if (job.finished_at) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const documents = await Promise.all(
    job.documents.map(async (document): Promise<BatchDocument> => ({
      name: document.name,
      result: document.status_code
        ? await call<ExtractionResult>(
            server,
            `/api/jobs/${job.id}/documents/${document.id}/result`,
          )
        : null,
    })),
  );
  return { job, documents };
}
