import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_GUARDED_DATA_DIR, E2E_GUARDED_PORT, E2E_SMTP_PORT } from './server';

export const GUARDED_BASE = `http://127.0.0.1:${E2E_GUARDED_PORT}`;

/**
 * An app server as a production one with mail is set up: addresses verified before the credits
 * come, and one proxy in front (TRUST_PROXY=1), which tests play by sending X-Forwarded-For.
 * Its mail goes to the browser tests' mailbox.
 */
export async function startGuardedServer(): Promise<{ stop: () => void }> {
  rmSync(E2E_GUARDED_DATA_DIR, { recursive: true, force: true });
  const server: ChildProcess = spawn('node', ['bin/rowsmith.js', 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E_GUARDED_PORT),
      HOST: '127.0.0.1',
      APP_URL: GUARDED_BASE,
      AUTH_SECRET: 'e2e-secret-that-is-at-least-32-characters-long',
      DATA_DIR: E2E_GUARDED_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'Rowsmith <no-reply@rowsmith.test>',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: '1000',
      AUTH_ACCOUNT_RATE_LIMIT: '5',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${GUARDED_BASE}/api/health`).then(
          (response) => response.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  return { stop: () => void server.kill('SIGTERM') };
}
