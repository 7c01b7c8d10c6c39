// JavaScript budget for the home page: `npm run bench:home-js` (after `npm run build`). Prints
// one table per page; never part of `npm test`. Loads each page in Chromium from the real
// server (on a free port) and lists the scripts the browser fetched with the bytes that actually
// travelled (compressed, as the server sent them), what a gzip-only browser would receive, and
// the size once decompressed; the total for / is held against the 150 KB budget.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const BUDGET_KB = 150;
const PAGES = ['/', '/extract', '/sign-in'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number, dataDir: string) {
  const server = spawn('node', ['bin/rowsmith.js', 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('The server did not start; run `npm run build` first.');
}

/** The bytes on the wire for `url` when the browser accepts only `encoding`. */
function wireBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

type Script = { name: string; encoding: string; sent: number; gzip: number; raw: number };

async function scriptsLoadedBy(base: string, path: string): Promise<Script[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const loaded: Promise<Script>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      loaded.push(
        (async () => {
          const response = await request.response();
          const [sizes, body, gzip] = await Promise.all([
            request.sizes(),
            response?.body() ?? Buffer.alloc(0),
            wireBytes(request.url(), 'gzip'),
          ]);
          return {
            name: new URL(request.url()).pathname.replace('/assets/', ''),
            encoding: (await response?.headerValue('content-encoding')) ?? 'none',
            sent: sizes.responseBodySize,
            gzip,
            raw: body.length,
          };
        })(),
      );
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    // A redirect after the first render (signed out on /extract) may load more: wait for it all.
    let settled: Script[] = [];
    while (settled.length < loaded.length) settled = await Promise.all(loaded);
    page.removeAllListeners('requestfinished');
    return settled;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function report(path: string, scripts: Script[]) {
  const total = scripts.reduce(
    (sum, s) => ({ sent: sum.sent + s.sent, gzip: sum.gzip + s.gzip, raw: sum.raw + s.raw }),
    { sent: 0, gzip: 0, raw: 0 },
  );
  console.log(`\nJavaScript loaded for ${path} (signed out), ${scripts.length} files`);
  console.table([
    ...scripts
      .sort((a, b) => b.sent - a.sent)
      .map((s) => ({
        file: s.name,
        encoding: s.encoding,
        'sent KB': kb(s.sent),
        'gzip KB': kb(s.gzip),
        'raw KB': kb(s.raw),
      })),
    {
      file: 'TOTAL',
      encoding: '',
      'sent KB': kb(total.sent),
      'gzip KB': kb(total.gzip),
      'raw KB': kb(total.raw),
    },
  ]);
  if (path !== '/') return;
  const worst = Math.max(total.sent, total.gzip);
  console.log(
    worst / 1024 <= BUDGET_KB
      ? `within budget: sent ${kb(total.sent)} KB, gzip ${kb(total.gzip)} KB ≤ ${BUDGET_KB} KB`
      : `OVER BUDGET: sent ${kb(total.sent)} KB, gzip ${kb(total.gzip)} KB; budget ${BUDGET_KB} KB`,
  );
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'rowsmith-bench-'));
  const port = await freePort();
  const server = await startServer(port, dataDir);
  try {
    for (const path of PAGES) report(path, await scriptsLoadedBy(`http://127.0.0.1:${port}`, path));
  } finally {
    server.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
