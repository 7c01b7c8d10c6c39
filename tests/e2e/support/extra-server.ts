import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect } from '@playwright/test';

/**
 * Starts another app server beside the shared one, on a fresh SQLite folder, for a test that
 * needs settings of its own; answers its address and a way to stop it.
 */
export async function startExtraServer(options: {
  port: number;
  dataDir: string;
  env: Record<string, string>;
}): Promise<{ baseUrl: string; stop: () => void }> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  rmSync(options.dataDir, { recursive: true, force: true });
  const server = spawn('node', ['bin/rowsmith.js', 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      AUTH_SECRET: 'e2e-secret-that-is-at-least-32-characters-long',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      ...options.env,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${baseUrl}/api/health`).then(
          (response) => response.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  return { baseUrl, stop: () => void server.kill('SIGTERM') };
}
