// Hostile input against a real server: `npm run bench:hostile`. Starts `rowsmith serve` on its
// default settings (a fresh SQLite data folder), sends the hostile files two at a time, and
// prints each answer with its time, the server's peak memory (all its threads, from the
// kernel's high-water mark) and the slowest health check and small read during the run, against
// the same measured on the idle server first. Never part of `npm test`.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  makeDecompressionBombPng,
  makeHugeImagePdf,
  makeInflationBombPdf,
  makeLyingZip,
  makeManyRowsXlsx,
  makeParagraphFloodDocx,
  makeParagraphFloodHtml,
} from '../tests/fixtures/hostile-fixtures';

const PORT = Number(process.env.BENCH_PORT ?? 4398);
const BASE = `http://127.0.0.1:${PORT}`;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';
const TARGETS = { peakMemoryMb: 1536, slowestHealthMs: 1000 };

const FILES = [
  { name: 'flood.docx (50 MB of paragraphs)', bytes: makeParagraphFloodDocx(), type: DOCX },
  { name: 'lying.docx (inflates 1.1 GB)', bytes: makeLyingZip('docx'), type: DOCX },
  { name: 'lying.xlsx (inflates 1.1 GB)', bytes: makeLyingZip('xlsx'), type: XLSX },
  { name: 'rows.xlsx (1,000,000 rows)', bytes: makeManyRowsXlsx(), type: XLSX },
  { name: 'flood.html (5 MB of <p>x</p>)', bytes: makeParagraphFloodHtml(5), type: 'text/html' },
  { name: 'flood.html (20 MB of <p>x</p>)', bytes: makeParagraphFloodHtml(20), type: 'text/html' },
  { name: 'bomb.png (361 megapixels)', bytes: makeDecompressionBombPng(), type: 'image/png' },
  { name: 'bomb.pdf (content inflates to 2 GB)', bytes: await makeInflationBombPdf(), type: PDF },
  { name: 'image.pdf (a 400-megapixel image)', bytes: await makeHugeImagePdf(), type: PDF },
];

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(
    'node',
    [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), 'bin/rowsmith.js', 'serve'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // Only the per-client allowances are lifted, so one machine can send every file.
        READ_RATE_LIMIT: '100000',
        TRIAL_RUNS: '100000',
        TRIAL_RUNS_PER_ADDRESS_PER_DAY: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const ok = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('The server did not start.');
}

async function timed(
  run: () => Promise<Response>,
): Promise<{ status: number | string; ms: number }> {
  const started = performance.now();
  try {
    const response = await run();
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    return { status: `dropped (${(error as Error).message})`, ms: performance.now() - started };
  }
}

const health = () => timed(() => fetch(`${BASE}/api/health`));
const smallRead = () =>
  timed(() =>
    fetch(`${BASE}/api/extractions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'Item: pen\nPrice: 2',
        columns: [{ name: 'item', type: 'text' }],
      }),
    }),
  );

function sendFile(file: (typeof FILES)[number]) {
  const form = new FormData();
  form.set(
    'file',
    new File([Buffer.from(file.bytes)], file.name.split(' ')[0]!, { type: file.type }),
  );
  return timed(() => fetch(`${BASE}/api/documents/read`, { method: 'POST', body: form }));
}

/** The process's resident memory high-water mark, all threads included. */
async function peakMemoryMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Calls `probe` every 100 ms until stopped, keeping the slowest answer. */
function watch(probe: () => Promise<{ ms: number }>) {
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

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'rowsmith-bench-hostile-'));
  const server = await startServer(dataDir);
  try {
    const idleHealth = Math.max(...(await Promise.all([1, 2, 3].map(health))).map((r) => r.ms));
    const idleRead = (await smallRead(), await smallRead()).ms;
    const stopHealth = watch(health);
    const stopReads = watch(smallRead);
    const results: { name: string; status: number | string; ms: number }[] = [];
    const queue = [...FILES];
    await Promise.all(
      [1, 2].map(async () => {
        for (let file = queue.shift(); file; file = queue.shift())
          results.push({ name: file.name, ...(await sendFile(file)) });
      }),
    );
    const slowestHealth = await stopHealth();
    const slowestRead = await stopReads();
    const peak = await peakMemoryMb(server.pid!);

    console.log('| file | answer | time |\n| --- | --- | ---: |');
    for (const result of results)
      console.log(`| ${result.name} | ${result.status} | ${(result.ms / 1000).toFixed(1)} s |`);
    const allAnswered = results.every(
      (result) => typeof result.status === 'number' && result.status < 500,
    );
    console.log('\n| measure | idle | during the run | target |\n| --- | ---: | ---: | --- |');
    console.log(`| every file answered with 4xx or 200 | | ${allAnswered ? 'yes' : 'NO'} | yes |`);
    console.log(
      `| server peak memory (all threads) | | ${peak.toFixed(0)} MB | under ${TARGETS.peakMemoryMb} MB |`,
    );
    console.log(
      `| slowest health check | ${idleHealth.toFixed(0)} ms | ${slowestHealth.toFixed(0)} ms | under ${TARGETS.slowestHealthMs} ms |`,
    );
    console.log(
      `| slowest small extraction | ${idleRead.toFixed(0)} ms | ${slowestRead.toFixed(0)} ms | within 200 ms of idle |`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
