// JavaScript budget for the home page: `npm run bench:home-js` (after `npm run build`). Prints
// one table per page; never part of `npm test`. Loads each page in Chromium from the real
// server (on a free port) and lists every script the page loaded with the bytes that actually
// travelled (compressed, as the server sent them), what a gzip-only browser would receive, and
// the size once decompressed; both totals for / are held against the 150 KB budget.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';

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

/** The scripts the page has loaded so far, from the browser's resource timing. */
function scriptEntries(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map(({ name, encodedBodySize, decodedBodySize }) => ({
        url: name,
        encodedBodySize,
        decodedBodySize,
      })),
  );
}

/**
 * The scripts a page loaded, from the browser's own resource timing: the body bytes that came
 * over the wire (`encodedBodySize`) and decoded; plus, from Node, what a gzip-only browser
 * would have received.
 */
async function scriptsLoadedBy(base: string, path: string): Promise<Script[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      const encoding = response.headers()['content-encoding'];
      encodings.set(response.url(), encoding ?? 'none');
    });
    await page.goto(`${base}${path}`);
    // A busy machine can pause longer than "network idle" allows between the main script and
    // the page's own chunk: wait for the page itself, then until no script has come for 1 s.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    let entries = await scriptEntries(page);
    for (let settled = false; !settled;) {
      await page.waitForTimeout(1000);
      const again = await scriptEntries(page);
      settled = again.length === entries.length;
      entries = again;
    }
    return await Promise.all(
      entries.map(async (entry) => ({
        name: new URL(entry.url).pathname.replace('/assets/', ''),
        encoding: encodings.get(entry.url) ?? '?',
        sent: entry.encodedBodySize,
        gzip: await wireBytes(entry.url, 'gzip'),
        raw: entry.decodedBodySize,
      })),
    );
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
