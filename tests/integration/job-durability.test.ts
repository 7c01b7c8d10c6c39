import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credits } from '../../src/shared/account';
import type { Job, JobAccepted } from '../../src/shared/jobs';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { startRowsmith, type Running } from '../support/rowsmith-process';

// A server killed in the middle of a batch (SIGKILL: no shutdown, no cleanup) and started again
// on the same data folder finishes the job with every row, no row twice, no credit taken twice.

let port = 0;
const origin = () => `http://127.0.0.1:${port}`;

/** A port free now, so that the server keeps one address (APP_URL) across its restart. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}
const COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

function statement(month: number): string {
  const lines = ['date\tdescription\tamount'];
  for (let day = 1; day <= 3; day++)
    lines.push(`2026-0${month}-0${day}\tPayment ${month}.${day}\t${day}`);
  return lines.join('\n');
}

let dataDir: string;
let fake: FakeOpenAi;
let server: Running | null = null;

async function start(): Promise<Running> {
  return startRowsmith(['serve'], {
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: origin(),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_SECRET: 'durability-secret-that-is-at-least-32-characters',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
      JOB_CONCURRENCY: '1',
      JOB_LEASE_SECONDS: '3',
    },
    ready: /server listening/,
  });
}

async function call(path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: origin() };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server!.url}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rowsmith-durability-'));
  port = await freePort();
  // Each document takes the model about a second, so a kill lands in the middle of the batch.
  fake = await startFakeOpenAi({ apiKey: 'test-key', behavior: { delayMs: 1_000 } });
  server = await start();
});

afterAll(async () => {
  await server?.stop();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a batch when the server is killed', () => {
  it('finishes after a restart with every row once and the right credits', async () => {
    const signUp = await call('/api/auth/sign-up/email', {
      json: { name: 'Kim', email: 'kim@example.com', password: 'correct horse battery' },
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const inputs = [1, 2, 3, 4, 5, 6].map((month) => ({ text: statement(month) }));
    const accepted = await call('/api/jobs', { json: { columns: COLUMNS, inputs }, cookie });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as JobAccepted;

    // Kill once two documents are done and the third is with the model.
    for (let attempt = 0; attempt < 300; attempt++) {
      const job = (await (await call(`/api/jobs/${id}`, { cookie })).json()) as Job;
      if (job.documents_done >= 2 && fake.requests.length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await server!.stop('SIGKILL')).toBe(null);

    server = await start();
    let job: Job | null = null;
    for (let attempt = 0; attempt < 600 && !job?.finished_at; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await (await call(`/api/jobs/${id}`, { cookie })).json()) as Job;
    }
    expect(job?.status).toBe('succeeded');
    expect(job?.documents.map((document) => document.rows)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(job?.rows_total).toBe(18);

    const result = (await (await call(`/api/jobs/${id}/result`, { cookie })).json()) as {
      rows: { source: string; description: string }[];
    };
    const descriptions = result.rows.map((row) => row.description);
    expect(descriptions).toHaveLength(18);
    expect(new Set(descriptions).size).toBe(18);
    expect(descriptions[17]).toBe('Payment 6.3');

    const credits = (await (await call('/api/account/credits', { cookie })).json()) as Credits;
    expect(credits).toEqual({ credits_remaining: 4, credits_total: 10 });
    const usage = (await (await call('/api/account/usage?limit=20', { cookie })).json()) as {
      total: number;
    };
    expect(usage.total).toBe(6);
  });
});
