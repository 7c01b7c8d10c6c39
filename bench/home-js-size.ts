// JavaScript budget for the home page: `npm run bench:home-js` (after `npm run build`). Prints
// one table; never part of `npm test`. Loads / in Chromium from the real server and sums the
// scripts the browser actually fetched, raw and gzipped, against the 250 KB gzipped budget.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const BUDGET_KB = 250;
const PORT = 4399;
const PAGES = ['/', '/extract', '/sign-in'];

async function startServer(dataDir: string) {
  const server = spawn('node', ['bin/rowsmith.js', 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('The server did not start; run `npm run build` first.');
}

type Script = { name: string; raw: number; gzip: number };

async function scriptsLoadedBy(path: string): Promise<Script[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const scripts: Promise<Script>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          name: new URL(response.url()).pathname.replace('/assets/', ''),
          raw: body.length,
          gzip: gzipSync(body).length,
        })),
      );
    });
    await page.goto(`http://127.0.0.1:${PORT}${path}`, { waitUntil: 'networkidle' });
    return await Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'rowsmith-bench-'));
  const server = await startServer(dataDir);
  try {
    for (const path of PAGES) {
      const scripts = await scriptsLoadedBy(path);
      const total = scripts.reduce(
        (sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }),
        { raw: 0, gzip: 0 },
      );
      console.log(`\nJavaScript loaded for ${path} (signed out)`);
      console.table([
        ...scripts
          .sort((a, b) => b.gzip - a.gzip)
          .map((s) => ({ file: s.name, 'raw KB': kb(s.raw), 'gzip KB': kb(s.gzip) })),
        { file: 'TOTAL', 'raw KB': kb(total.raw), 'gzip KB': kb(total.gzip) },
      ]);
      if (path === '/')
        console.log(
          total.gzip / 1024 <= BUDGET_KB
            ? `within budget: ${kb(total.gzip)} KB ≤ ${BUDGET_KB} KB`
            : `OVER BUDGET: ${kb(total.gzip)} KB > ${BUDGET_KB} KB`,
        );
    }
  } finally {
    server.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
