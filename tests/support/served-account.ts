import { createServer } from 'node:net';
import { join } from 'node:path';
import { startRowsmith, type Running } from './rowsmith-process';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type ServedAccount = { server: Running; origin: string; key: string; cookie: string };

/**
 * A real `rowsmith serve` (SQLite in `dir`) and an account on it with an API key, as a reader of
 * the docs would have: for the command line's `--server URL --api-key KEY`.
 */
export async function serveWithAccount(
  dir: string,
  env: Record<string, string>,
): Promise<ServedAccount> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startRowsmith(['serve'], {
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: origin,
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: '',
      AUTH_SECRET: 'served-account-secret-that-is-at-least-32-characters',
      ...env,
    },
    ready: /listening/,
  });
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
    }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const created = await fetch(`${origin}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ name: 'cli' }),
  });
  const { key } = (await created.json()) as { key: string };
  return { server, origin, key, cookie };
}
