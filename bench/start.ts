// Start-up benchmark: `npm run bench:start`, after `npm run build`. Prints one table; never part of
// `npm test`. How long `rowsmith --help` takes compiled (what users run) and from source through
// tsx (what ran before the server build), against `node -e 0` in the same rounds, taking turns so
// that a busy moment of the machine falls on each (medians; target: compiled at most 3x `node -e 0`).
// Then how long `rowsmith serve` takes to answer /api/health on the embedded defaults in a fresh
// data folder, both ways (target: compiled within 2 s).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { printTable } from './print-table';

const ROUNDS = 5;
const SERVE_ROUNDS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3990);

const WAYS = {
  'node -e 0': ['-e', '0'],
  'rowsmith --help (compiled)': ['bin/rowsmith.js', '--help'],
  'rowsmith --help (source, tsx)': ['--import', 'tsx', 'src/cli/bin.ts', '--help'],
} as const;

function run(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'ignore', env });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`exit ${code}`)),
    );
  });
}

async function untilHealthy(args: readonly string[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rowsmith-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1' },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await sleep(20);
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

if (!existsSync('dist/server/rowsmith.js')) {
  console.error('Run `npm run build` first: dist/server/rowsmith.js is missing.');
  process.exit(1);
}

const times = new Map<string, number[]>(Object.keys(WAYS).map((way) => [way, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [way, args] of Object.entries(WAYS)) times.get(way)!.push(await run(args));
}
const baseline = median(times.get('node -e 0')!);
printTable(
  ['command', `median of ${ROUNDS}`, 'times node -e 0'],
  [...times].map(([way, values]) => [
    way,
    seconds(median(values)),
    `${(median(values) / baseline).toFixed(1)}x`,
  ]),
);

const serveWays = {
  'serve to health (compiled)': ['bin/rowsmith.js', 'serve'],
  'serve to health (source, tsx)': ['--import', 'tsx', 'src/cli/bin.ts', 'serve'],
};
const serveTimes = new Map<string, number[]>(Object.keys(serveWays).map((way) => [way, []]));
for (let round = 0; round < SERVE_ROUNDS; round += 1) {
  for (const [way, args] of Object.entries(serveWays)) {
    serveTimes.get(way)!.push(await untilHealthy(args));
  }
}
printTable(
  ['start', `median of ${SERVE_ROUNDS}`, 'slowest'],
  [...serveTimes].map(([way, values]) => [
    way,
    seconds(median(values)),
    seconds(Math.max(...values)),
  ]),
);
