import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credits } from '../../src/shared/account';
import type { Job, JobAccepted } from '../../src/shared/jobs';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { textOf } from '../support/fake-openai/types';
import { startRowsmith, type Running } from '../support/rowsmith-process';
import { TEST_DATABASES } from '../support/test-databases';

// A worker that stops in the middle of a document (killed, or frozen) beside a web server with
// RUN_WORKERS=false and another worker: its document runs again within JOB_LEASE_SECONDS + 15 s,
// other batches are not held up meanwhile, and no row is recorded or charged twice.

const LEASE_SECONDS = 3;
const TAKEOVER_LIMIT_MS = (LEASE_SECONDS + 15) * 1000;
const COLUMNS = [
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A document of two rows named after it, so the model's requests show which one they were. */
const statement = (name: string) => `description\tamount\n${name} first\t1\n${name} second\t2.5`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)('a worker that stops mid-document, on $name', (database) => {
  let fake: FakeOpenAi;
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;
  let web: Running;
  let cookie = '';
  const processes: Running[] = [];

  const call = (path: string, body?: unknown) =>
    fetch(`${web.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { origin: web.url, 'content-type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const submit = async (names: string[]) => {
    const accepted = await call('/api/jobs', {
      columns: COLUMNS,
      inputs: names.map((name) => ({ text: statement(name) })),
    });
    expect(accepted.status).toBe(202);
    return ((await accepted.json()) as JobAccepted).id;
  };
  const job = async (id: string) => (await (await call(`/api/jobs/${id}`)).json()) as Job;
  const finished = async (id: string, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const current = await job(id);
      if (current.finished_at || Date.now() > deadline) return current;
      await sleep(100);
    }
  };
  const requestsFor = (name: string) =>
    fake.requests.filter((request) =>
      request.messages.some((message) => textOf(message).includes(`${name} first`)),
    ).length;
  const waitForModel = async (name: string) => {
    for (let attempt = 0; attempt < 300 && requestsFor(name) === 0; attempt++) await sleep(100);
    expect(requestsFor(name)).toBe(1);
  };
  const startWorker = async (concurrency: number) => {
    const worker = await startRowsmith(['worker'], {
      env: { ...env, JOB_CONCURRENCY: String(concurrency) },
      ready: /worker started/,
    });
    processes.push(worker);
    return worker;
  };

  beforeAll(async () => {
    // The first request for a "Stuck" document never gets an answer: its worker is stopped
    // while it waits. Every other request is answered in 300 ms.
    const stuck = new Set<string>();
    fake = await startFakeOpenAi({
      apiKey: 'test-key',
      behavior: { delayMs: 300 },
      behaviorFor: (request) => {
        const name = /(Stuck-\d+) first/.exec(request.messages.map(textOf).join('\n'))?.[1];
        if (!name || stuck.has(name)) return undefined;
        stuck.add(name);
        return { delayMs: 600_000 };
      },
    });
    const created = await database.create();
    cleanup = created.cleanup;
    const port = await freePort();
    env = {
      NODE_ENV: 'test',
      DATA_DIR: created.dataDir,
      DATABASE_URL: created.databaseUrl ?? '',
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: 'takeover-secret-that-is-at-least-32-characters',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      SIGNUP_CREDITS: '10',
    };
    web = await startRowsmith(['serve'], {
      env: { ...env, PORT: String(port), RUN_WORKERS: 'false' },
      ready: /server listening/,
    });
    processes.push(web);
    const signUp = await call('/api/auth/sign-up/email', {
      name: 'Ola',
      email: 'ola@example.com',
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(200);
    cookie = signUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
  });

  afterAll(async () => {
    for (const process of processes) process.child.kill('SIGCONT');
    await Promise.all(processes.map((process) => process.stop('SIGKILL')));
    await fake.close();
    await cleanup();
  });

  it(
    'runs a killed worker’s document again within the lease + 15 s, without holding up others',
    { timeout: 90_000 },
    async () => {
      const first = await startWorker(1);
      const stuckJob = await submit(['Stuck-1']);
      await waitForModel('Stuck-1');
      await startWorker(2);

      const killedAt = Date.now();
      expect(await first.stop('SIGKILL')).toBe(null);
      const otherJob = await submit(['Other-1', 'Other-2', 'Other-3']);

      const other = await finished(otherJob, TAKEOVER_LIMIT_MS);
      expect(other.status).toBe('succeeded');
      const taken = await finished(stuckJob, TAKEOVER_LIMIT_MS);
      expect(taken.status).toBe('succeeded');
      expect(Date.parse(taken.finished_at!) - killedAt).toBeLessThan(TAKEOVER_LIMIT_MS);
      expect(taken.rows_total).toBe(2);
      expect(requestsFor('Stuck-1')).toBe(2);
    },
  );

  it(
    'takes a frozen worker’s document over; the worker, woken, neither finishes it nor stalls',
    { timeout: 90_000 },
    async () => {
      // The worker left from the first test is the only one running: it takes the document.
      const frozen = processes.at(-1)!;
      const stuckJob = await submit(['Stuck-2']);
      await waitForModel('Stuck-2');
      await startWorker(2);

      const frozenAt = Date.now();
      frozen.child.kill('SIGSTOP');
      const otherJob = await submit(['Other-4', 'Other-5', 'Other-6']);
      expect((await finished(otherJob, TAKEOVER_LIMIT_MS)).status).toBe('succeeded');
      const taken = await finished(stuckJob, TAKEOVER_LIMIT_MS);
      expect(taken.status).toBe('succeeded');
      expect(Date.parse(taken.finished_at!) - frozenAt).toBeLessThan(TAKEOVER_LIMIT_MS);

      frozen.child.kill('SIGCONT');
      await sleep(LEASE_SECONDS * 1000);
      expect(frozen.child.exitCode).toBe(null);
      const lastJob = await submit(['Last-1', 'Last-2']);
      expect((await finished(lastJob, TAKEOVER_LIMIT_MS)).status).toBe('succeeded');

      // Every document once: ten documents, ten credits kept, ten usage records, each row once.
      expect((await job(stuckJob)).rows_total).toBe(2);
      const credits = (await (await call('/api/account/credits')).json()) as Credits;
      expect(credits.credits_remaining).toBe(0);
      const usage = (await (await call('/api/account/usage?limit=50')).json()) as {
        total: number;
      };
      expect(usage.total).toBe(10);
    },
  );
});
