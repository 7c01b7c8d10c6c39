// Extraction benchmark: `npm run bench:extract`. Prints one table; never part of `npm test`.
// Statements go through the fake OpenAI-compatible model at a realistic speed (0.5 s to the first
// token, 80 output tokens per second, 4,096 output tokens per call at most), the model client
// made as the server makes it (one limiter per endpoint), in the scenarios of issues 22 and 33:
//   1. 2,000 rows, no provider limit (target ≤ 30 s, every row), beside the same run planned as
//      before (parts sized by the output limit alone, one fixed concurrency, no limiter), and the
//      held-out check's ledger (2,000 rows of date, description, amount and a long reference:
//      one wave of calls, ≤ 26 s);
//   2. 600 rows against a provider refusing past 4 requests at once (≤ 1.3× the ideal);
//   3. 10 statements as one batch against a provider allowing 8 requests a minute;
//   4. records (issue 31): a 600-row statement with its header fields asked for beside its
//      columns, against the same columns alone (≤ 10% more time);
//   5. two workers on PostgreSQL (BENCH_DATABASE_URL; a fresh schema, dropped afterwards), each
//      with its own limiter and connection, against 4 requests at once: no call refused twice
//      in a row.
// Each row also shows the waves of calls the provider saw and the time to the first call.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';
import { parseEnv } from '../src/server/env';
import {
  createReadPool,
  readPoolOptionsFromEnv,
} from '../src/server/extraction/read/pool/read-pool';
import { createOpenAiClient } from '../src/server/llm/openai-client';
import { createLogger } from '../src/server/logger';
import { startFakeOpenAi, type FakeLimits } from '../tests/support/fake-openai-server';
import {
  callFigures,
  extract,
  idealSeconds,
  ledger,
  LEDGER_COLUMNS_FLAG,
  ledgerCsv,
  MAX_OUTPUT_TOKENS,
  serverModel,
  SPEED,
  statement,
  statementRecord,
  type Run,
} from './extract/scenarios';

const behavior = { speed: SPEED, maxOutputTokens: MAX_OUTPUT_TOKENS };
// The document is built here, so the pool never starts a thread.
const readPool = createReadPool(readPoolOptionsFromEnv(parseEnv({})));
const table: string[][] = [
  [
    'scenario',
    'time',
    'ideal',
    'rows once',
    'status',
    'calls',
    'waves',
    'first call',
    'tokens in/out',
    'refused',
    'target',
  ],
];

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

function line(name: string, fake: Fake, runs: Run[], rows: number, extra: Record<string, string>) {
  const { waves, firstCallSeconds } = callFigures(fake.calls, runs);
  const sum = (pick: (run: Run) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const statuses = [...new Set(runs.map((run) => run.result.status))].join(', ');
  const once = sum((run) => run.rowsOnce);
  const duplicates = sum((run) => run.duplicates);
  table.push([
    name,
    extra.time ?? `${Math.max(...runs.map((run) => run.seconds)).toFixed(1)} s`,
    extra.ideal ?? '',
    `${once}/${rows}${duplicates ? ` (${duplicates} twice)` : ''}`,
    runs.length > 1 ? `${runs.length}× ${statuses}` : statuses,
    String(sum((run) => run.result.usage.calls)),
    String(waves),
    firstCallSeconds === null ? '' : `${firstCallSeconds.toFixed(2)} s`,
    `${sum((run) => run.result.usage.inputTokens)}/${sum((run) => run.result.usage.outputTokens)}`,
    extra.refused ?? '',
    extra.target ?? '',
  ]);
}

const met = (isMet: boolean) => (isMet ? 'met' : 'NOT met');

async function withFake<T>(limits: FakeLimits | undefined, work: (fake: Fake) => Promise<T>) {
  const fake = await startFakeOpenAi({ behavior, ...(limits ? { limits } : {}) });
  try {
    return await work(fake);
  } finally {
    await fake.close();
  }
}

const refusals = (fake: Fake) =>
  `${fake.calls.filter((call) => call.status === 429).length} (${fake.longestRefusalStreak()} in a row)`;

async function noLimit() {
  await withFake(undefined, async (fake) => {
    const before = createOpenAiClient({
      baseUrl: fake.baseUrl,
      apiKey: 'bench',
      model: 'gpt-4o',
      timeoutMs: 600_000,
    });
    const old = await extract(statement(2000), before, readPool);
    line('2,000 rows, planned as before', fake, [old], 2000, {});
  });
  await withFake(undefined, async (fake) => {
    const model = serverModel(fake);
    const run = await extract(statement(2000), model, readPool);
    model.close?.();
    const isMet = run.seconds <= 30 && run.rowsOnce === 2000 && run.result.status === 200;
    line('2,000 rows, no provider limit', fake, [run], 2000, {
      refused: refusals(fake),
      target: `≤ 30 s, every row: ${met(isMet)}`,
    });
  });
  await withFake(undefined, async (fake) => {
    const model = serverModel(fake);
    const run = await extract(ledger(2000), model, readPool);
    model.close?.();
    const ideal = idealSeconds(run.result.usage.outputTokens, 32);
    const { waves } = callFigures(fake.calls, [run]);
    const isMet =
      waves === 1 && run.seconds <= 26 && run.rowsOnce === 2000 && run.result.status === 200;
    line('ledger, 2,000 rows × 4 columns, no provider limit', fake, [run], 2000, {
      ideal: `${ideal.toFixed(1)} s (${(run.seconds / ideal).toFixed(2)}×)`,
      refused: refusals(fake),
      target: `one wave, ≤ 26 s, every row: ${met(isMet)}`,
    });
  });
}

async function fourAtOnce() {
  await withFake({ maxConcurrent: 4 }, async (fake) => {
    const model = serverModel(fake);
    const run = await extract(statement(600), model, readPool);
    model.close?.();
    const ideal = idealSeconds(run.result.usage.outputTokens, 4);
    const ratio = run.seconds / ideal;
    line('600 rows, 4 requests at once', fake, [run], 600, {
      ideal: `${ideal.toFixed(1)} s (${ratio.toFixed(2)}×)`,
      refused: `${refusals(fake)}, peak ${fake.peakConcurrency()}`,
      target: `≤ 1.3× ideal, every row, 200: ${met(ratio <= 1.3 && run.rowsOnce === 600 && run.result.status === 200)}`,
    });
  });
}

async function eightAMinute() {
  await withFake({ requestsPerMinute: 8 }, async (fake) => {
    const model = serverModel(fake);
    const started = performance.now();
    const runs = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        extract(statement(40, `B${index + 1}`), model, readPool),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    model.close?.();
    const isMet = runs.every(
      (run) => run.result.status === 200 && run.rowsOnce === 40 && run.duplicates === 0,
    );
    line('10 × 40 rows as one batch, 8 requests a minute', fake, runs, 400, {
      time: `${seconds.toFixed(1)} s`,
      refused: refusals(fake),
      target: `every document 200, every row once: ${met(isMet)}`,
    });
  });
}

async function twoWorkers(baseUrl: string) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const connect = () =>
    createDatabase({
      databaseUrl: url.toString(),
      dataDir: mkdtempSync(join(tmpdir(), 'rowsmith-bench-')),
      logger: createLogger('silent'),
    });
  const workers = [connect(), connect()];
  try {
    await migrateToLatest(workers[0]!.db, 'postgres');
    await withFake({ maxConcurrent: 4 }, async (fake) => {
      const models = workers.map((worker) => serverModel(fake, worker.db));
      const started = performance.now();
      const runs = await Promise.all(
        models.map((model, index) => extract(statement(600, `W${index + 1}`), model, readPool)),
      );
      const seconds = (performance.now() - started) / 1000;
      for (const model of models) model.close?.();
      const ideal = idealSeconds(
        runs.reduce((sum, run) => sum + run.result.usage.outputTokens, 0),
        4,
      );
      line('2 workers on PostgreSQL × 600 rows, 4 at once', fake, runs, 1200, {
        time: `${seconds.toFixed(1)} s`,
        ideal: `${ideal.toFixed(1)} s (${(seconds / ideal).toFixed(2)}×)`,
        refused: `${refusals(fake)}, peak ${fake.peakConcurrency()}`,
        target: `no call refused twice in a row: ${met(fake.longestRefusalStreak() <= 1)}`,
      });
    });
  } finally {
    for (const worker of workers) await worker.db.destroy();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

/** `npx rowsmith extract` as a user runs it; its standard output and the seconds it took. */
function rowsmithExtract(file: string, env: NodeJS.ProcessEnv) {
  const started = performance.now();
  return new Promise<{ stdout: string; code: number | null; seconds: number }>(
    (resolve, reject) => {
      const child = spawn(
        'npx',
        ['rowsmith', 'extract', file, '--columns', LEDGER_COLUMNS_FLAG, '--format', 'csv'],
        { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.on('error', reject);
      child.on('exit', (code) =>
        resolve({ stdout, code, seconds: (performance.now() - started) / 1000 }),
      );
    },
  );
}

/**
 * The ledger as a CSV file through `npx rowsmith extract`, start included (issue 33 point 4),
 * with the offline fast path off so that the model reads it as it reads a PDF's ledger.
 */
async function throughTheCommandLine() {
  const file = join(mkdtempSync(join(tmpdir(), 'rowsmith-bench-ledger-')), 'ledger.csv');
  writeFileSync(file, ledgerCsv(2000));
  await withFake(undefined, async (fake) => {
    const startedAt = Date.now();
    const { stdout, code, seconds } = await rowsmithExtract(file, {
      OPENAI_API_KEY: 'bench',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'gpt-4o',
      MODEL_TIMEOUT_SECONDS: '600',
      MODEL_MAX_OUTPUT_TOKENS: String(MAX_OUTPUT_TOKENS),
      OFFLINE_FAST_PATH: 'false',
      LOG_LEVEL: 'warn',
    });
    const references = stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').at(-1));
    const counts = new Map<string | undefined, number>();
    for (const reference of references) counts.set(reference, (counts.get(reference) ?? 0) + 1);
    const once = [...counts.values()].filter((count) => count === 1).length;
    const duplicates = [...counts.values()].filter((count) => count > 1).length;
    const { waves, firstCallSeconds } = callFigures(fake.calls, [{ startedAt }]);
    const outputTokens = fake.calls.reduce((sum, call) => sum + call.completionTokens, 0);
    const ideal = idealSeconds(outputTokens, 32);
    const isMet = code === 0 && waves === 1 && seconds <= 26 && once === 2000;
    table.push([
      'ledger through `npx rowsmith extract`, start included',
      `${seconds.toFixed(1)} s`,
      `${ideal.toFixed(1)} s (${(seconds / ideal).toFixed(2)}×)`,
      `${once}/2000${duplicates ? ` (${duplicates} twice)` : ''}`,
      code === 0 ? 'exit 0' : `exit ${code}`,
      String(fake.calls.filter((call) => call.status === 200).length),
      String(waves),
      firstCallSeconds === null ? '' : `${firstCallSeconds.toFixed(2)} s`,
      '',
      refusals(fake),
      `one wave, ≤ 26 s, every row: ${met(isMet)}`,
    ]);
  });
}

/** The same statement with its fields asked for beside its columns, and with its columns alone. */
async function fieldsBeside() {
  const runs: Run[] = [];
  for (const sample of [statement(600, 'R'), statementRecord(600, 'R')])
    await withFake(undefined, async (fake) => {
      const model = serverModel(fake);
      const run = await extract(sample, model, readPool);
      model.close?.();
      runs.push(run);
      line(sample.fields ? '600 rows + 4 fields' : '600 rows, columns alone', fake, [run], 600, {
        refused: refusals(fake),
      });
    });
  const [alone, withFields] = runs;
  if (!alone || !withFields) return;
  const ratio = withFields.seconds / alone.seconds;
  const found = Object.values(withFields.result.fields).filter((value) => value !== null).length;
  table.at(-1)![10] =
    `≤ 1.10× the columns alone: ${ratio.toFixed(2)}×, ${found}/4 fields: ${met(ratio <= 1.1 && found === 4)}`;
}

async function main() {
  await noLimit();
  await throughTheCommandLine();
  await fourAtOnce();
  await eightAMinute();
  await fieldsBeside();
  const database = process.env.BENCH_DATABASE_URL?.trim();
  if (database) await twoWorkers(database);
  else
    table.push([
      '2 workers on PostgreSQL',
      'skipped: set BENCH_DATABASE_URL',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  await readPool.close();

  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const [index, row] of table.entries()) {
    console.log(`| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`);
    if (index === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  }
}

await main();
