// Screenshots of the main pages: `npm run screens` (after `npm run build`). Starts the fake
// model and the real server (on free ports, with a throwaway database), signs a user up, runs a
// few extractions, and writes PNGs of home, the converter with a result, dashboard, history and
// settings, in the light and dark themes, at 1280×800 and 360×740, into screenshots/ (ignored by
// git). Builds nothing itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { startFakeOpenAi } from '../tests/support/fake-openai-server';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const OUT_DIR = 'screenshots';
const MODEL_KEY = 'screens-key';
const TSV =
  'date\tdescription\tamount\n2026-03-01\tCoffee\t3.50\n2026-03-02\tTrain\t12.00\n2026-03-03\tLunch\t9.80\n';
const GARDEN_TEXT =
  'We met on Tuesday to talk about the garden.\n\nEveryone brought a dish to share.';

const THEMES = ['light', 'dark'] as const;
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

type Shot = { name: string; theme: string; size: string; file: string };

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

async function startServer(options: { port: number; dataDir: string; modelUrl: string }) {
  const base = `http://127.0.0.1:${options.port}`;
  const server = spawn(process.execPath, ['bin/rowsmith.js', 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      APP_URL: base,
      AUTH_SECRET: 'screens-secret-that-is-at-least-32-characters-long',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      OPENAI_BASE_URL: options.modelUrl,
      OPENAI_API_KEY: MODEL_KEY,
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { server, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('The server did not start; run `npm run build` first.');
}

/** Signs a user up and gives them runs to list: a complete one, a partial one and a batch. */
async function seedAccount(browser: Browser, base: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: base });
  const request = context.request;
  const headers = { Origin: base };
  const post = async (path: string, data: unknown, expected: number) => {
    const response = await request.post(path, { data, headers });
    if (response.status() !== expected)
      throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as { id?: string };
  };
  await post(
    '/api/auth/sign-up/email',
    {
      name: 'Ada Lovelace',
      email: `screens-${Date.now()}@example.com`,
      password: 'correct horse battery',
    },
    200,
  );
  const columns = [
    { name: 'date', type: 'date' },
    { name: 'description', type: 'text' },
    { name: 'amount', type: 'number' },
  ];
  await post('/api/extractions', { text: TSV, columns }, 200);
  const jobs = [
    await post(
      '/api/jobs',
      {
        columns: [
          { name: 'invoice_number', type: 'text' },
          { name: 'total', type: 'number' },
        ],
        inputs: [{ text: GARDEN_TEXT }],
      },
      202,
    ),
    await post(
      '/api/jobs',
      { columns, inputs: [{ text: TSV }, { text: TSV.replace('Coffee', 'Tea') }] },
      202,
    ),
  ];
  for (const { id } of jobs) await waitForJob(base, request, id!);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function waitForJob(base: string, request: Page['request'], id: string) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const job = (await (await request.get(`${base}/api/jobs/${id}`)).json()) as { status: string };
    if (!['queued', 'running'].includes(job.status)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Job ${id} did not finish.`);
}

/** Waits for the page's heading and for its data (no request in flight, skeletons gone). */
async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[role="status"] .animate-pulse'));
}

/** The converter on /extract after a run of the Transactions template. */
async function showResult(page: Page) {
  await page.goto('/extract');
  const converter = page.getByRole('form', { name: 'Converter' });
  await converter.getByRole('button', { name: 'Transactions' }).click();
  await converter.getByRole('tab', { name: 'Paste Text' }).click();
  await converter.getByLabel('Text to convert').fill(TSV);
  await converter.getByRole('button', { name: 'Run' }).click();
  await page
    .getByRole('region', { name: 'Result' })
    .getByText(/Showing 1–3 of 3 rows/)
    .waitFor();
}

const PAGES: { name: string; isSignedIn: boolean; open: (page: Page) => Promise<void> }[] = [
  { name: 'home', isSignedIn: false, open: async (page) => void (await page.goto('/')) },
  { name: 'converter-result', isSignedIn: true, open: showResult },
  {
    name: 'dashboard',
    isSignedIn: true,
    open: async (page) => void (await page.goto('/dashboard')),
  },
  { name: 'history', isSignedIn: true, open: async (page) => void (await page.goto('/history')) },
  { name: 'settings', isSignedIn: true, open: async (page) => void (await page.goto('/settings')) },
];

async function takeScreens(browser: Browser, base: string, account: StorageState) {
  const shots: Shot[] = [];
  for (const theme of THEMES)
    for (const [size, device] of Object.entries(VIEWPORTS))
      for (const { name, isSignedIn, open } of PAGES) {
        const context = await browser.newContext({
          ...device,
          baseURL: base,
          colorScheme: theme,
          reducedMotion: 'reduce',
          storageState: isSignedIn ? account : undefined,
        });
        const page = await context.newPage();
        await open(page);
        await settle(page);
        const file = join(OUT_DIR, `${name}-${theme}-${size}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        shots.push({ name, theme, size, file });
        await context.close();
      }
  return shots;
}

async function main() {
  if (!existsSync('dist/client/index.html'))
    throw new Error('No build found: run `npm run build` first.');
  await mkdir(OUT_DIR, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'rowsmith-screens-'));
  const model = await startFakeOpenAi({
    apiKey: MODEL_KEY,
    behavior: { speed: { firstTokenMs: 50, tokensPerSecond: 20_000 } },
  });
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const started = await startServer({ port: await freePort(), dataDir, modelUrl: model.baseUrl });
    server = started.server;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const account = await seedAccount(browser, started.base);
    const shots = await takeScreens(browser, started.base, account);
    console.table(shots);
    console.log(`${shots.length} screenshots in ${OUT_DIR}/`);
  } finally {
    await browser?.close();
    server?.kill();
    await model.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
