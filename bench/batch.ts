// A batch against one document at a time: `npm run bench:batch`. Starts `rowsmith serve` on
// SQLite beside the fake model at a realistic speed (0.5 s to the first token, 80 tokens a
// second), runs 20 statements one after another through POST /api/extractions, then the same 20
// as one job, and prints both against the ideal at the configured job concurrency (the longest
// document, or the sum of all divided among the workers, whichever is larger). Target: the job
// within 1.3× of the ideal. Never part of `npm test`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job, JobAccepted } from '../src/shared/jobs';
import { startFakeOpenAi } from '../tests/support/fake-openai-server';

const PORT = Number(process.env.BENCH_PORT ?? 4396);
const BASE = `http://127.0.0.1:${PORT}`;
const DOCUMENTS = 20;
const CONCURRENCY = Number(process.env.JOB_CONCURRENCY ?? 4);
const COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** A statement of 12 transactions: a few seconds of work for a model answering at 80 tokens/s. */
function statement(n: number): string {
  const lines = [`Statement ${n}`, '', 'date\tdescription\tamount'];
  for (let day = 1; day <= 12; day++)
    lines.push(
      `2026-03-${String(day).padStart(2, '0')}\tCard payment ${n}-${day} at a shop\t-${day}.${n}0`,
    );
  return lines.join('\n');
}

async function startServer(dataDir: string, modelUrl: string): Promise<ChildProcess> {
  const server = spawn('node', ['bin/rowsmith.js', 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      OPENAI_API_KEY: 'bench-key',
      OPENAI_BASE_URL: modelUrl,
      OFFLINE_FAST_PATH: 'false',
      JOB_CONCURRENCY: String(CONCURRENCY),
      READ_RATE_LIMIT: '100000',
      TRIAL_RUNS: '100000',
      TRIAL_RUNS_PER_ADDRESS_PER_DAY: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('The server did not start.');
}

const post = (path: string, body: unknown) =>
  fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify(body),
  });

async function oneAfterAnother(): Promise<number[]> {
  const times: number[] = [];
  for (let n = 1; n <= DOCUMENTS; n++) {
    const started = performance.now();
    const response = await post('/api/extractions', {
      text: statement(n),
      columns: COLUMNS,
      cache: false,
    });
    if (!response.ok) throw new Error(`extraction ${n} answered ${response.status}`);
    await response.arrayBuffer();
    times.push((performance.now() - started) / 1000);
  }
  return times;
}

async function asOneJob(): Promise<{ seconds: number; job: Job }> {
  const started = performance.now();
  const inputs = Array.from({ length: DOCUMENTS }, (_, index) => ({ text: statement(index + 1) }));
  // The job runs the same statements again: asked of the model, not given their stored results.
  const response = await post('/api/jobs', { columns: COLUMNS, inputs, cache: false });
  if (response.status !== 202) throw new Error(`the job answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const { id } = (await response.json()) as JobAccepted;
  for (;;) {
    const job = (await (
      await fetch(`${BASE}/api/jobs/${id}`, { headers: { cookie } })
    ).json()) as Job;
    if (job.finished_at) return { seconds: (performance.now() - started) / 1000, job };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const fake = await startFakeOpenAi({
    apiKey: 'bench-key',
    behavior: { speed: { firstTokenMs: 500, tokensPerSecond: 80 } },
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'rowsmith-bench-batch-'));
  const server = await startServer(dataDir, fake.baseUrl);
  try {
    await post('/api/extractions', { text: statement(0), columns: COLUMNS }); // warm-up
    const times = await oneAfterAnother();
    const sequential = times.reduce((sum, time) => sum + time, 0);
    const ideal = Math.max(Math.max(...times), sequential / CONCURRENCY);
    const { seconds, job } = await asOneJob();
    const ratio = seconds / ideal;
    console.log(`| measure | seconds | against the ideal |\n| --- | ---: | ---: |`);
    console.log(
      `| ${DOCUMENTS} documents one after another | ${sequential.toFixed(1)} | ${(sequential / ideal).toFixed(2)}× |`,
    );
    console.log(`| ideal at job concurrency ${CONCURRENCY} | ${ideal.toFixed(1)} | 1.00× |`);
    console.log(
      `| the same ${DOCUMENTS} as one job (${job.status}, ${job.rows_total} rows) | ${seconds.toFixed(1)} | ${ratio.toFixed(2)}× |`,
    );
    console.log(`\nTarget: the job within 1.3× of the ideal: ${ratio <= 1.3 ? 'met' : 'NOT met'}.`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
