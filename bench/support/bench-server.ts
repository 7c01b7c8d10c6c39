// A real `rowsmith serve` for the benchmarks that send it requests: started on a fresh data
// folder (SQLite, or BENCH_DATABASE_URL), measured from the outside, stopped after.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type BenchServer = {
  base: string;
  process: ChildProcess;
  /** Its data folder (and SQLite database, unless BENCH_DATABASE_URL names another). */
  dataDir: string;
  stop: () => Promise<void>;
};

/** Settings every benchmark server gets: per-client allowances lifted, so one machine can send it all. */
const OPEN_ALLOWANCES = {
  READ_RATE_LIMIT: '100000',
  TRIAL_RUNS: '100000',
  TRIAL_RUNS_PER_ADDRESS_PER_DAY: '100000',
};

export async function startBenchServer(
  port: number,
  settings: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rowsmith-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    'node',
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      'bin/rowsmith.js',
      'serve',
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
        LOG_LEVEL: 'warn',
        ...OPEN_ALLOWANCES,
        ...settings,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 300 && server.exitCode === null; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, process: server, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('The server did not start.');
}

export type Timed = { status: number | string; ms: number };

/** Runs a request to its last byte, with its time; a dropped connection is an answer too. */
export async function timed(run: () => Promise<Response>): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await run();
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    return { status: `dropped (${(error as Error).message})`, ms: performance.now() - started };
  }
}

/** The resident memory high-water mark of a process (all its threads), in MB. */
async function highWaterMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : 0;
}

/** The peak of the server and of every process it started (their high-water marks added up). */
export async function peakMemoryMb(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const pids = [pid, ...children.split(/\s+/).filter(Boolean).map(Number)];
  const peaks = await Promise.all(pids.map(highWaterMb));
  return peaks.reduce((sum, peak) => sum + peak, 0);
}

/** Calls `probe` every 100 ms until stopped; answers the slowest time. */
export function watch(probe: () => Promise<{ ms: number }>): () => Promise<number> {
  let slowest = 0;
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      slowest = Math.max(slowest, (await probe()).ms);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    isRunning = false;
    await loop;
    return slowest;
  };
}

export const health = (base: string) => () => timed(() => fetch(`${base}/api/health`));
