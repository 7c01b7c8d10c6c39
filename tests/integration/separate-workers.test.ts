import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobAccepted } from '../../src/shared/jobs';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { startRowsmith, type Running } from '../support/rowsmith-process';
import { TEST_DATABASES } from '../support/test-databases';

// A deployment with separate workers: a web server that runs none (RUN_WORKERS=false) and two
// `rowsmith worker` processes sharing the work (pg-boss on PostgreSQL, the jobs tables on SQLite).

const COLUMNS = [
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];
const DOCUMENTS = 20;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Document n: two rows whose descriptions name it, so the model's requests show which it was. */
const statement = (n: number) =>
  `description\tamount\nDocument-${n} first\t${n}\nDocument-${n} second\t${n}.5`;

describe.each(TEST_DATABASES)('separate workers on $name', (database) => {
  let fake: FakeOpenAi;
  let cleanup: () => Promise<void>;
  const processes: Running[] = [];
  let web: Running;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key', behavior: { delayMs: 200 } });
    const created = await database.create();
    cleanup = created.cleanup;
    const port = await freePort();
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: created.dataDir,
      DATABASE_URL: created.databaseUrl ?? '',
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: 'separate-workers-secret-that-is-at-least-32-characters',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
      JOB_CONCURRENCY: '2',
      // An anonymous visitor's batch: the free runs are lifted for it.
      TRIAL_RUNS: '100',
      TRIAL_RUNS_PER_ADDRESS_PER_DAY: '100',
    };
    web = await startRowsmith(['serve'], {
      env: { ...env, PORT: String(port), RUN_WORKERS: 'false' },
      ready: /server listening/,
    });
    processes.push(web);
    for (const _worker of [1, 2])
      processes.push(await startRowsmith(['worker'], { env, ready: /worker started/ }));
  });

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await fake.close();
    await cleanup();
  });

  it('runs every document of a 20-document batch exactly once', { timeout: 120_000 }, async () => {
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${web.url}${path}`, {
        ...init,
        headers: { origin: web.url, 'content-type': 'application/json', ...init.headers },
      });
    const inputs = Array.from({ length: DOCUMENTS }, (_, index) => ({
      text: statement(index + 1),
    }));
    const accepted = await call('/api/jobs', {
      method: 'POST',
      body: JSON.stringify({ columns: COLUMNS, inputs }),
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as JobAccepted;
    const cookie = accepted.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    let job: Job | null = null;
    for (let attempt = 0; attempt < 1200 && !job?.finished_at; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await (await call(`/api/jobs/${id}`, { headers: { cookie } })).json()) as Job;
    }
    expect(job?.status).toBe('succeeded');
    expect(job?.rows_total).toBe(DOCUMENTS * 2);

    // At the model: each document was extracted once, no more.
    const extracted = fake.requests.map((request) => {
      const text = JSON.stringify(request.messages);
      return /Document-(\d+) first/.exec(text)?.[1];
    });
    expect(extracted.filter(Boolean).sort()).toEqual(
      Array.from({ length: DOCUMENTS }, (_, index) => String(index + 1)).sort(),
    );
    const logs = processes.slice(1).map((worker) => worker.output.join(''));
    expect(logs.every((log) => log.includes('worker started'))).toBe(true);
  });
});
