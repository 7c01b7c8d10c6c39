// The deployment `npm run bench:faults` attacks: PostgreSQL (a fresh schema, reached through a
// TCP proxy the bench can cut), a web server with RUN_WORKERS=false, two `rowsmith worker`
// processes, and the fake model at a realistic speed. Scenarios (./scenarios.ts) get it as
// `Deployment` and share its helpers.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Job, JobAccepted } from '../../src/shared/jobs';
import { startFakeOpenAi, type FakeOpenAi } from '../../tests/support/fake-openai-server';
import { textOf } from '../../tests/support/fake-openai/types';
import { startRowsmith, type Running } from '../../tests/support/rowsmith-process';
import { startTcpProxy, type TcpProxy } from '../../tests/support/tcp-proxy';

export const COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** A statement of 12 transactions named after it: a few seconds of the model's time. */
export function statement(name: string, rows = 12): string {
  const lines = [`Statement ${name}`, '', 'date\tdescription\tamount'];
  for (let row = 1; row <= rows; row++) {
    const day = String(((row - 1) % 28) + 1).padStart(2, '0');
    lines.push(`2026-03-${day}\t${name} payment ${row} at a shop\t-${row}.50`);
  }
  return lines.join('\n');
}

export type Deployment = {
  web: Running;
  /** The two workers; a scenario that kills one puts its replacement in its place. */
  workers: Running[];
  proxy: TcpProxy;
  fake: FakeOpenAi;
  /** A direct connection (not through the proxy), for reading what happened. */
  pool: pg.Pool;
  leaseSeconds: number;
  startWorker(): Promise<Running>;
  call(
    path: string,
    init?: { method?: string; body?: BodyInit; json?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  submit(names: string[], rows?: number): Promise<string>;
  job(id: string): Promise<Job>;
  /** The job once it finished, or as it stands after `withinMs` (null: it could not be read). */
  waitFinished(id: string, withinMs: number): Promise<Job | null>;
  credits(): Promise<number>;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the process's memory high-water mark afresh (Linux: clear_refs 5), for one scenario. */
export async function resetPeakMemory(process: Running): Promise<void> {
  await writeFile(`/proc/${process.child.pid}/clear_refs`, '5').catch(() => undefined);
}

/** The process's resident memory high-water mark, all its threads included, in MB. */
export async function peakMemoryMb(process: Running): Promise<number> {
  const pid = process.child.pid;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export const isAlive = (process: Running) =>
  process.child.exitCode === null && process.child.signalCode === null;

export async function startDeployment(databaseUrl: string): Promise<Deployment> {
  const leaseSeconds = Number(process.env.JOB_LEASE_SECONDS ?? 60);
  const schema = `bench_faults_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const schemaUrl = new URL(databaseUrl);
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: schemaUrl.toString(), max: 2 });
  pool.on('error', () => undefined);

  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  // 0.5 s to the first token and 80 tokens a second, as bench:batch; the rows of documents named
  // "Export…" (the exports scenario's large job) are answered at once.
  const fake = await startFakeOpenAi({
    apiKey: 'bench-key',
    behavior: { speed: { firstTokenMs: 500, tokensPerSecond: 80 } },
    behaviorFor: (request) =>
      request.messages.some((message) => /Export\d+ payment/.test(textOf(message)))
        ? { speed: { firstTokenMs: 0, tokensPerSecond: 1e9 } }
        : undefined,
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'rowsmith-bench-faults-'));
  const port = await freePort();
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: proxy.through(schemaUrl.toString()),
    APP_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: 'bench-faults-secret-that-is-at-least-32-characters',
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: fake.baseUrl,
    OFFLINE_FAST_PATH: 'false',
    JOB_LEASE_SECONDS: String(leaseSeconds),
    SIGNUP_CREDITS: '100000',
    READ_RATE_LIMIT: '100000',
    AUTH_RATE_LIMIT: '100000',
  };
  const web = await startRowsmith(['serve'], {
    env: { ...env, PORT: String(port), RUN_WORKERS: 'false' },
    ready: /server listening/,
  });
  const startWorker = () => startRowsmith(['worker'], { env, ready: /worker started/ });
  const workers = [await startWorker(), await startWorker()];

  let cookie = '';
  const call: Deployment['call'] = (path, init = {}) => {
    const headers: Record<string, string> = { origin: web.url, cookie, ...init.headers };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${web.url}${path}`, {
      method: init.method ?? (init.json === undefined && !init.body ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
  };
  const signUp = await call('/api/auth/sign-up/email', {
    json: { name: 'Bench', email: 'bench@example.com', password: 'correct horse battery' },
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

  const job = async (id: string) => (await (await call(`/api/jobs/${id}`)).json()) as Job;
  return {
    web,
    workers,
    proxy,
    fake,
    pool,
    leaseSeconds,
    startWorker,
    call,
    job,
    submit: async (names, rows) => {
      const inputs = names.map((name) => ({ text: statement(name, rows) }));
      const response = await call('/api/jobs', { json: { columns: COLUMNS, inputs } });
      if (response.status !== 202) throw new Error(`the job answered ${response.status}`);
      return ((await response.json()) as JobAccepted).id;
    },
    waitFinished: async (id, withinMs) => {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const current = await job(id).catch(() => null);
        if (current?.finished_at || Date.now() > deadline) return current;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    credits: async () =>
      ((await (await call('/api/account/credits')).json()) as { credits_remaining: number })
        .credits_remaining,
    stop: async () => {
      proxy.restore();
      await Promise.all([web, ...workers].map((running) => running.stop()));
      await proxy.close();
      await fake.close();
      await pool.end();
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.query(`drop schema if exists ${schema}_pgboss cascade`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
