import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credits } from '../../src/shared/account';
import type { Job, JobAccepted } from '../../src/shared/jobs';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { textOf } from '../support/fake-openai/types';
import { startRowsmith, type Running } from '../support/rowsmith-process';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { TEST_DATABASES, TEST_DATABASE_URL } from '../support/test-databases';

// PostgreSQL goes away in the middle of a batch (every connection reset, new ones refused, as in
// a restart) and comes back: a web server (RUN_WORKERS=false) and a worker, both reaching the
// database through a TCP proxy the test cuts, outlive it; health says so meanwhile and recovers
// by itself; the batch finishes with every row once and every credit taken once.

const OUTAGE_MS = 6_000;
const DOCUMENTS = 8;
const COLUMNS = [
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];
const postgres = TEST_DATABASES.find((database) => database.name === 'postgres');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statement = (n: number) =>
  `description\tamount\nDocument-${n} first\t${n}\nDocument-${n} second\t${n}.5`;

describe.skipIf(!postgres)('a PostgreSQL outage in the middle of a batch', () => {
  let fake: FakeOpenAi;
  let proxy: TcpProxy;
  let cleanup: () => Promise<void>;
  let web: Running;
  let worker: Running;
  let cookie = '';

  const call = (path: string, body?: unknown) =>
    fetch(`${web.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { origin: web.url, 'content-type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  const health = async () => {
    const started = performance.now();
    const response = await call('/api/health');
    const body = (await response.json()) as { database: string };
    return { status: response.status, database: body.database, ms: performance.now() - started };
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key', behavior: { delayMs: 700 } });
    const target = new URL(TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const created = await postgres!.create();
    cleanup = created.cleanup;
    const port = await freePort();
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: created.dataDir,
      DATABASE_URL: proxy.through(created.databaseUrl!),
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: 'outage-secret-that-is-at-least-32-characters',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
      JOB_LEASE_SECONDS: '3',
      JOB_CONCURRENCY: '2',
    };
    web = await startRowsmith(['serve'], {
      env: { ...env, PORT: String(port), RUN_WORKERS: 'false' },
      ready: /server listening/,
    });
    worker = await startRowsmith(['worker'], { env, ready: /worker started/ });
    const signUp = await call('/api/auth/sign-up/email', {
      name: 'Noor',
      email: 'noor@example.com',
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(200);
    cookie = signUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
  });

  afterAll(async () => {
    proxy.restore();
    await Promise.all([web.stop(), worker.stop()]);
    await proxy.close();
    await fake.close();
    await cleanup();
  });

  it('is outlived by the web server and the worker, and the batch finishes once', async () => {
    const accepted = await call('/api/jobs', {
      columns: COLUMNS,
      inputs: Array.from({ length: DOCUMENTS }, (_, index) => ({ text: statement(index + 1) })),
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as JobAccepted;
    const job = async () => (await (await call(`/api/jobs/${id}`)).json()) as Job;
    while ((await job()).documents_done < 2) await sleep(100);

    proxy.cut();
    const cutUntil = Date.now() + OUTAGE_MS;
    const during: Awaited<ReturnType<typeof health>>[] = [];
    while (Date.now() < cutUntil) {
      during.push(await health());
      await sleep(250);
    }
    // Any other request meanwhile says the same, in the error shape, rather than a 500.
    const refused = await call(`/api/jobs/${id}`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'DATABASE_UNAVAILABLE',
    );
    expect(during.length).toBeGreaterThan(5);
    for (const answer of during) {
      expect(answer).toMatchObject({ status: 503, database: 'unreachable' });
      expect(answer.ms).toBeLessThan(3_000);
    }
    expect([web.child.exitCode, worker.child.exitCode]).toEqual([null, null]);

    proxy.restore();
    let after = await health();
    for (let attempt = 0; attempt < 50 && after.status !== 200; attempt++) {
      await sleep(200);
      after = await health();
    }
    expect(after).toMatchObject({ status: 200, database: 'reachable' });

    let finished = await job();
    for (let attempt = 0; attempt < 300 && !finished.finished_at; attempt++) {
      await sleep(100);
      finished = await job();
    }
    expect(finished.status).toBe('succeeded');
    expect(finished.documents.map((document) => document.rows)).toEqual(
      Array.from({ length: DOCUMENTS }, () => 2),
    );
    const result = (await (await call(`/api/jobs/${id}/result`)).json()) as {
      rows: { description: string }[];
    };
    const descriptions = result.rows.map((row) => row.description);
    expect(descriptions).toHaveLength(DOCUMENTS * 2);
    expect(new Set(descriptions).size).toBe(DOCUMENTS * 2);
    const credits = (await (await call('/api/account/credits')).json()) as Credits;
    expect(credits.credits_remaining).toBe(10 - DOCUMENTS);
    // The documents the model had answered when the database went away were recorded once it
    // came back, not extracted again.
    const extracted = fake.requests.map(
      (request) => /Document-(\d+) first/.exec(request.messages.map(textOf).join('\n'))?.[1],
    );
    expect(extracted.sort()).toEqual(
      Array.from({ length: DOCUMENTS }, (_, index) => String(index + 1)).sort(),
    );
    expect([web.child.exitCode, worker.child.exitCode]).toEqual([null, null]);
  }, 90_000);
});
