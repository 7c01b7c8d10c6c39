import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { makeParagraphFloodHtml } from '../fixtures/hostile-fixtures';
import { chooseFile, openConverter, setColumns } from './support/converter';
import { E2E_BUSY_DATA_DIR, E2E_BUSY_PORT } from './support/server';

// A server of its own with one read thread and no queue, so that one heavy read makes it busy.
const BASE = `http://127.0.0.1:${E2E_BUSY_PORT}`;
let server: ChildProcess;

test.beforeAll(async () => {
  rmSync(E2E_BUSY_DATA_DIR, { recursive: true, force: true });
  server = spawn('node', ['bin/rowsmith.js', 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E_BUSY_PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE,
      AUTH_SECRET: 'e2e-secret-that-is-at-least-32-characters-long',
      DATA_DIR: E2E_BUSY_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      READ_CONCURRENCY: '1',
      READ_QUEUE_LIMIT: '0',
      READ_TIMEOUT_SECONDS: '10',
      HTML_MAX_MB: '25',
      HTML_MAX_ELEMENTS: '100000000',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
});

test.afterAll(() => {
  server.kill('SIGTERM');
});

test('a busy server says so under Run, with when to try again, and keeps the input', async ({
  page,
}) => {
  // Another visitor's huge page keeps the only read thread busy.
  const form = new FormData();
  form.set('file', new File([Buffer.from(makeParagraphFloodHtml(20))], 'huge.html'));
  // Its answer does not matter here; the server is stopped after the test.
  void fetch(`${BASE}/api/documents/read`, { method: 'POST', body: form }).catch(() => undefined);

  const converter = await openConverter(page, BASE);
  const csv = `name,amount\n${'Widget,12.50\n'.repeat(30_000)}`;
  await chooseFile(page, converter, {
    name: 'orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await setColumns(converter, ['name']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(converter.getByRole('alert')).toHaveText(
    /^The server is busy reading other files\. Please try again in \d+ seconds\.$/,
  );
  await expect(converter).toContainText('orders.csv');
  await expect(converter.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
});
