import { defineConfig, devices } from '@playwright/test';
import {
  E2E_CHUNK_CHARACTERS,
  E2E_DATA_DIR,
  E2E_INBOX_PORT,
  E2E_OUTPUT_DIR,
  E2E_MAIL_HTTP_PORT,
  E2E_MODEL_KEY,
  E2E_MODEL_PORT,
  E2E_PAGES_PORT,
  E2E_PORT,
  E2E_SMTP_PORT,
} from './tests/e2e/support/server';

// Debian's headless shell (tests/support/ensure-chromium.sh installs it): the suite is bound by
// CPU, and the shell costs less than the full browser.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell';

/**
 * Browser tests: the production build served by the real server (on SQLite in a fresh data
 * folder), driven in the system Chromium. Run `npm run build` first (`npm test` does).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: E2E_OUTPUT_DIR,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A failed test keeps its trace: actions, DOM snapshots, console and network. Without the
    // screencast, which cost the suite about 13% of its time, every test passing or not.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node --import tsx tests/e2e/support/fake-model.ts',
      port: E2E_MODEL_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx tests/e2e/support/page-server.ts',
      port: E2E_PAGES_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx tests/e2e/support/mail-catcher.ts',
      url: `http://127.0.0.1:${E2E_MAIL_HTTP_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node bin/rowsmith.js serve`,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        // 'test' rather than 'production' only so that ALLOW_PRIVATE_URLS is accepted.
        NODE_ENV: 'test',
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${E2E_PORT}`,
        AUTH_SECRET: 'e2e-secret-that-is-at-least-32-characters-long',
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        CONTACT_RATE_LIMIT: '100',
        AUTH_RATE_LIMIT: '1000',
        READ_RATE_LIMIT: '10000',
        // Every browser test comes from 127.0.0.1: the trial is counted per browser (cookie),
        // and the per-address backstop is lifted.
        TRIAL_RUNS_PER_ADDRESS_PER_DAY: '100000',
        ALLOW_PRIVATE_URLS: 'true',
        OPENAI_BASE_URL: `http://127.0.0.1:${E2E_MODEL_PORT}/v1`,
        OPENAI_API_KEY: E2E_MODEL_KEY,
        // Small parts, one at a time: a few kilobytes show rows arriving part by part.
        EXTRACT_CHUNK_CHARACTERS: String(E2E_CHUNK_CHARACTERS),
        MODEL_CONCURRENCY: '1',
        MODEL_MAX_CONCURRENCY: '1',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        MAIL_FROM: 'Rowsmith <no-reply@rowsmith.test>',
        // Specs sign up and use the account at once; account-protection.spec.ts starts a server
        // of its own with verification on (SMTP_URL alone would turn it on here).
        REQUIRE_EMAIL_VERIFICATION: 'false',
        // Saved extractors' inboxes (extractor-automation.spec.ts).
        INBOUND_SMTP_PORT: String(E2E_INBOX_PORT),
      },
    },
  ],
});
