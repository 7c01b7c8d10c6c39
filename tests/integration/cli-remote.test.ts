import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRowsmith, startRowsmith, type Running } from '../support/rowsmith-process';

// `rowsmith extract --server --api-key`: the same command runs as a job on a server, charged to
// the key's owner, and prints what the local run prints.

const dir = mkdtempSync(join(tmpdir(), 'rowsmith-cli-remote-'));
const january = join(dir, 'january.csv');
const february = join(dir, 'february.csv');
writeFileSync(january, 'Date,Details,Amount\n2026-01-02,Coffee,-3.20\n2026-01-03,Salary,2000\n');
writeFileSync(february, 'Date,Details,Amount\n2026-02-01,Rent,-900\n');

const invoice = join(dir, 'invoice.md');
writeFileSync(
  invoice,
  'Invoice No.: INV-7\n\n| Item | Amount |\n| --- | --- |\n| Pens | 3.00 |\n| Ink | 8.90 |\n\nSubtotal: 12.90\nTotal: 12.90\n',
);
const rules = join(dir, 'rules.json');
writeFileSync(rules, '[{"type": "sum", "column": "amount", "field": "subtotal"}]');

const OFFLINE = { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rowsmith extract against a server', () => {
  let server: Running;
  let origin: string;
  let key: string;
  let cookie: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startRowsmith(['serve'], {
      env: {
        ...OFFLINE,
        NODE_ENV: 'test',
        PORT: String(port),
        APP_URL: origin,
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: '',
        AUTH_SECRET: 'remote-cli-secret-that-is-at-least-32-characters',
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
    cookie = signUp.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const created = await fetch(`${origin}/api/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ name: 'cli' }),
    });
    key = ((await created.json()) as { key: string }).key;
    await fetch(`${origin}/api/extractors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({
        name: 'Bank statement',
        columns: [
          { name: 'date', type: 'date' },
          { name: 'details', type: 'text' },
          { name: 'amount', type: 'number' },
        ],
      }),
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the same table as a local run and charges the key owner', async () => {
    const args = ['extract', january, february, '--columns', 'date:date,details,amount:number'];
    const local = await runRowsmith(args, { env: OFFLINE });
    const remote = await runRowsmith([...args, '--server', origin, '--api-key', key], {
      env: OFFLINE,
    });
    expect(remote.code).toBe(0);
    expect(remote.stdout).toBe(local.stdout);
    expect(remote.stdout.split('\r\n')[1]).toBe('january.csv,2026-01-02,Coffee,-3.20');
    expect(remote.stderr).toContain('february.csv: 1 rows, status 200');

    const credits = await fetch(`${origin}/api/account/credits`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await credits.json()).toMatchObject({ credits_remaining: 8 });
  }, 60_000);

  it('takes a saved extractor by name, and says when the key is wrong', async () => {
    const remote = await runRowsmith(
      ['extract', january, '--template', 'Bank statement', '--format', 'json'],
      { env: { ...OFFLINE, ROWSMITH_SERVER: origin, ROWSMITH_API_KEY: key } },
    );
    expect(remote.code).toBe(0);
    expect(JSON.parse(remote.stdout)).toEqual([
      { date: '2026-01-02', details: 'Coffee', amount: -3.2 },
      { date: '2026-01-03', details: 'Salary', amount: 2000 },
    ]);

    const refused = await runRowsmith(
      ['extract', january, '--columns', 'date', '--server', origin, '--api-key', 'rsk_wrong'],
      { env: OFFLINE },
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This API key is not valid');
  }, 60_000);

  it('watches a folder with each file run as a job on the server (the bytes it read)', async () => {
    const inbox = join(dir, 'inbox');
    mkdirSync(inbox);
    writeFileSync(join(inbox, 'january.csv'), readFileSync(january));
    const out = join(dir, 'watched.csv');
    const args = ['watch', inbox, '--template', 'Bank statement', '--out', out, '--settle', '0'];
    const child = spawn(process.execPath, ['bin/rowsmith.js', ...args], {
      env: { ...process.env, ...OFFLINE, ROWSMITH_SERVER: origin, ROWSMITH_API_KEY: key },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    for (let waited = 0; waited < 40_000 && !said.includes('january.csv: 2 rows'); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(said).toContain('january.csv: 2 rows appended');
    expect(readFileSync(out, 'utf8').trimEnd().split('\r\n').slice(1)).toEqual([
      'january.csv,2026-01-02,Coffee,-3.20',
      'january.csv,2026-01-03,Salary,2000.00',
    ]);
  }, 60_000);

  it('sends fields and rules with the job, and prints the same records as a local run', async () => {
    const args = [
      'extract',
      invoice,
      '--fields',
      'invoice_number,subtotal:number',
      '--columns',
      'item,amount:number',
      '--rules',
      rules,
      '--format',
      'json',
    ];
    for (const shape of ['flat', 'documents']) {
      const local = await runRowsmith([...args, '--shape', shape], { env: OFFLINE });
      const remote = await runRowsmith(
        [...args, '--shape', shape, '--server', origin, '--api-key', key],
        { env: OFFLINE },
      );
      expect(remote.code, remote.stderr).toBe(0);
      expect(remote.stdout).toBe(local.stdout);
    }
    const remote = await runRowsmith([...args, '--server', origin, '--api-key', key], {
      env: OFFLINE,
    });
    expect((JSON.parse(remote.stdout) as unknown[])[0]).toEqual({
      invoice_number: 'INV-7',
      subtotal: 12.9,
      item: 'Pens',
      amount: 3,
    });
    expect(remote.stderr).toContain(
      'Check failed: The line amounts add up to 11.90; the subtotal says 12.90.',
    );
  }, 90_000);
});
