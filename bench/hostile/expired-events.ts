// Expired is expired (issue 28 point 7): a visitor runs an invoice twice (the second is given the
// first's stored result), then each read of the first job is asked once while its results are
// kept and once after their day is out, before the sweep has run, as a returning visitor (or
// anyone holding the cookie) would ask them.
import type { DocumentResult } from '../../src/shared/extraction';
import type { Job, JobAccepted } from '../../src/shared/jobs';
import type { CorrectionsResponse } from '../../src/shared/review';
import { createDatabase } from '../../src/server/db/client';
import { createLogger } from '../../src/server/logger';
import { makeInvoicePdf } from '../../tests/fixtures/pdf-fixtures';
import { startFakeOpenAi } from '../../tests/support/fake-openai-server';
import { startBenchServer, type BenchServer } from '../support/bench-server';

const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'total', type: 'number' },
];

/** What one read answered: its status and, in words, what came with it. */
export type ReadAnswer = { status: number; says: string };
export type ExpiredRead = { read: string; kept: ReadAnswer; expired: ReadAnswer };

type Visitor = { base: string; cookie: string };

function ask(visitor: Visitor, path: string, body?: unknown) {
  return fetch(`${visitor.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: visitor.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function waitForEnd(visitor: Visitor, id: string): Promise<Job> {
  for (;;) {
    const job = (await (await ask(visitor, `/api/jobs/${id}`)).json()) as Job;
    if (job.finished_at) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs the invoice as a job of the visitor (a new visitor when the cookie is empty). */
async function runInvoice(visitor: Visitor, pdf: Uint8Array): Promise<Job & { cookie: string }> {
  const form = new FormData();
  form.set('file', new File([Buffer.from(pdf)], 'invoice.pdf', { type: 'application/pdf' }));
  form.set('request', JSON.stringify({ columns: COLUMNS }));
  const response = await fetch(`${visitor.base}/api/jobs`, {
    method: 'POST',
    headers: visitor.cookie ? { cookie: visitor.cookie } : {},
    body: form,
  });
  if (response.status !== 202) throw new Error(`job refused: ${await response.text()}`);
  const set = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  const cookie = visitor.cookie || set.join('; ');
  const { id } = (await response.json()) as JobAccepted;
  return { ...(await waitForEnd({ ...visitor, cookie }, id)), cookie };
}

/** A refusal's code, or what a 2xx carried, in a few words. */
async function answerOf(response: Response, describe: (text: string, bytes: number) => string) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  if (response.ok) return { status: response.status, says: describe(text, bytes.length) };
  const code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? 'no code';
  return { status: response.status, says: code };
}

const rowsIn = (text: string) => {
  const rows = [...text.matchAll(/"rows":(\[.*?\])(?:,"decimals"|\})/g)];
  const count = rows.reduce((sum, [, json]) => sum + (JSON.parse(json!) as unknown[]).length, 0);
  return `${count} rows in ${rows.length} document events`;
};

/** Each read of the job, as the visitor asks it: status and what came with it. */
function reads(visitor: Visitor, job: Job, picture: string, pdf: Uint8Array, calls: () => number) {
  const document = job.documents[0]!;
  const correction = { document_id: document.id, row: 0, column: 'item', value: 'pen' };
  const base = `/api/jobs/${job.id}`;
  return {
    events: async () => answerOf(await ask(visitor, `${base}/events`), rowsIn),
    'events resumed (after=1)': async () =>
      answerOf(await ask(visitor, `${base}/events?after=1`), rowsIn),
    'document result': async () =>
      answerOf(await ask(visitor, `${base}/documents/${document.id}/result`), (text) => {
        const result = JSON.parse(text) as DocumentResult;
        return `${result.rows.length} rows`;
      }),
    'page picture': async () =>
      answerOf(await ask(visitor, picture), (_text, bytes) => `a ${bytes}-byte picture`),
    'a new correction': async () =>
      answerOf(
        await ask(visitor, `${base}/corrections`, { corrections: [correction] }),
        () => 'saved',
      ),
    corrections: async () =>
      answerOf(await ask(visitor, `${base}/corrections`), (text) => {
        const listed = JSON.parse(text) as CorrectionsResponse;
        return `${listed.corrections.length} corrections`;
      }),
    rerun: async () =>
      answerOf(await ask(visitor, `${base}/rerun`, { columns: COLUMNS }), () => 'a new job'),
    'the same invoice run again': async () => {
      const before = calls();
      const again = await runInvoice(visitor, pdf);
      const cached = again.documents[0]!.from_cache;
      const says = cached ? 'given the stored result' : `model asked (${calls() - before} calls)`;
      return { status: again.documents[0]!.status_code ?? 0, says };
    },
  };
}

/** Moves the visitor's jobs a day and an hour into the past, as if the day had gone by. */
async function dayGoesBy(server: BenchServer, jobIds: string[]) {
  const { db } = createDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    dataDir: server.dataDir,
    logger: createLogger('silent'),
  });
  try {
    const created = new Date(Date.now() - 25 * 3600_000).toISOString();
    await db.updateTable('jobs').set({ created_at: created }).where('id', 'in', jobIds).execute();
  } finally {
    await db.destroy();
  }
}

export async function runExpiredEvents(port: number): Promise<ExpiredRead[]> {
  const fake = await startFakeOpenAi({ apiKey: 'bench-key' });
  const server = await startBenchServer(port, {
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: fake.baseUrl,
    OFFLINE_FAST_PATH: 'false',
  });
  try {
    const pdf = await makeInvoicePdf();
    const first = await runInvoice({ base: server.base, cookie: '' }, pdf);
    const visitor = { base: server.base, cookie: first.cookie };
    const path = `/api/jobs/${first.id}/documents/${first.documents[0]!.id}/result`;
    const result = (await (await ask(visitor, path)).json()) as DocumentResult;
    const asked = reads(visitor, first, result.pages[0]!.image, pdf, () => fake.calls.length);
    const kept = new Map<string, ReadAnswer>();
    for (const [read, run] of Object.entries(asked)) kept.set(read, await run());
    const listed = (await (await ask(visitor, '/api/jobs?limit=100')).json()) as { jobs: Job[] };
    await dayGoesBy(
      server,
      listed.jobs.map((job) => job.id),
    );
    const answers: ExpiredRead[] = [];
    for (const [read, run] of Object.entries(asked))
      answers.push({ read, kept: kept.get(read)!, expired: await run() });
    return answers;
  } finally {
    await server.stop();
    await fake.close();
  }
}
