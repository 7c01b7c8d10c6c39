import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_EXAMPLE } from '../../src/client/features/docs/records-example';
import { parseEnv } from '../../src/server/env';
import { CookieJar } from '../support/accounts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { startRowsmith, type Running } from '../support/rowsmith-process';

// The code examples of /docs, run as a reader would run them: the very files the page shows
// (docs/examples), against a real server with the fake model, with
// ROWSMITH_URL and ROWSMITH_API_KEY set in the environment as the page tells readers to.

const ROOT = join(import.meta.dirname, '..', '..');
const EXAMPLES = join(ROOT, 'docs/examples');
const example = (name: string) => join(EXAMPLES, name);
// tsx as `npx tsx` would run it; the reader's folder has no node_modules of its own.
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const STATEMENT = 'Date,Description,Amount,Balance\n2026-01-02,Coffee,-3.20,996.80\n';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

type Ran = { code: number | null; stdout: string; stderr: string };

function run(command: string, args: string[], env: Record<string, string>, cwd: string) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<Ran>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('the code examples of /docs', () => {
  let fake: FakeOpenAi;
  let server: Running;
  let dataDir: string;
  let workDir: string;
  let readerEnv: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'docs-key' });
    dataDir = mkdtempSync(join(tmpdir(), 'rowsmith-docs-data-'));
    workDir = mkdtempSync(join(tmpdir(), 'rowsmith-docs-work-'));
    writeFileSync(join(workDir, 'statement.csv'), STATEMENT);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = await startRowsmith(['serve'], {
      env: {
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        APP_URL: url,
        AUTH_SECRET: 'docs-examples-secret-that-is-at-least-32-characters',
        OPENAI_API_KEY: 'docs-key',
        OPENAI_BASE_URL: fake.baseUrl,
        SIGNUP_CREDITS: '100',
      },
      ready: /server listening/,
    });

    // A reader's account and key: sign up in a browser session, create a key in Settings.
    const jar = new CookieJar();
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Reader',
        email: 'reader@example.com',
        password: 'a-long-pw-1',
      }),
    });
    expect(signUp.status).toBe(200);
    jar.take(signUp);
    const created = await fetch(`${url}/api/keys`, {
      method: 'POST',
      headers: { origin: url, cookie: jar.header(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'docs' }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    expect(key).toMatch(/^rsk_/);

    // `npx rowsmith` as a reader in their own folder runs this repository's command.
    const npx = join(dataDir, 'npx');
    writeFileSync(
      npx,
      `#!/bin/sh\n[ "$1" = rowsmith ] || exit 127\nshift\nexec "${process.execPath}" "${join(ROOT, 'bin/rowsmith.js')}" "$@"\n`,
    );
    chmodSync(npx, 0o755);
    readerEnv = {
      ROWSMITH_URL: url,
      ROWSMITH_API_KEY: key,
      PATH: `${dataDir}:${process.env.PATH ?? ''}`,
    };
  });

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });

  const bash = (name: string, env: Record<string, string> = {}) =>
    run('bash', [example(name)], { ...readerEnv, ...env }, workDir);
  // As a reader runs them: the file copied into a folder of their own, made by `npm init -y`
  // (a CommonJS package), and run with tsx.
  const tsx = (name: string) => {
    const folder = mkdtempSync(join(workDir, 'reader-'));
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({ name: 'reader', version: '1.0.0', type: 'commonjs' }),
    );
    copyFileSync(example(name), join(folder, name));
    return run(process.execPath, ['--import', TSX, name], readerEnv, folder);
  };

  it('extract-text.sh: curl with pasted text answers 200 and typed rows', async () => {
    const { code, stdout, stderr } = await bash('extract-text.sh');
    expect(code, stderr).toBe(0);
    const body = JSON.parse(stdout) as { status: number; rows: unknown[]; allowance: unknown };
    expect(body.status).toBe(200);
    expect(body.rows).toEqual([
      { date: '2026-01-02', description: 'Coffee', amount: -3.2 },
      { date: '2026-01-03', description: 'Salary', amount: 2000 },
    ]);
  });

  it('extract-file.sh: curl uploading a file with a template answers 200', async () => {
    const { code, stdout, stderr } = await bash('extract-file.sh');
    expect(code, stderr).toBe(0);
    const body = JSON.parse(stdout) as { status: number; rows: unknown[]; columns: unknown[] };
    expect(body.status).toBe(200);
    expect(body.columns).toHaveLength(6);
    expect(body.rows).toEqual([
      { date: '2026-01-02', description: 'Coffee', amount: -3.2, balance: 996.8 },
    ]);
  });

  it('cli-extract.sh: prints JSON rows and writes the XLSX file', async () => {
    const { code, stdout, stderr } = await bash('cli-extract.sh', {
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      DATA_DIR: dataDir,
    });
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { date: '2026-01-02', description: 'Coffee', amount: -3.2 },
    ]);
    expect(existsSync(join(workDir, 'statement.xlsx'))).toBe(true);
  });

  it('extract.mts: fetch with a template prints the coerced rows', async () => {
    const { code, stdout, stderr } = await tsx('extract.mts');
    expect(code, stderr).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual([
      { product: 'Fountain pen', price: 24, category: 'Stationery' },
      { product: 'Notebook', price: 7.5, category: 'Stationery' },
    ]);
  });

  it('batch-job.mts: a job of two documents, then a rerun with other columns', async () => {
    const { code, stdout, stderr } = await tsx('batch-job.mts');
    expect(code, stderr).toBe(0);
    const [first, second] = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status: string; rows: Record<string, unknown>[] });
    expect(first?.status).toBe('succeeded');
    expect(first?.rows.map(({ source: _source, ...row }) => row)).toEqual([
      { date: '2026-01-02', amount: -3.2 },
      { date: '2026-02-01', amount: 2000 },
    ]);
    expect(first?.rows.map((row) => row.source)).toEqual(['january', 'february']);
    expect(second?.status).toBe('succeeded');
    expect(second?.rows.map(({ source: _source, ...row }) => row)).toEqual([
      { date: '2026-01-02', balance: 996.8 },
      { date: '2026-02-01', balance: 2996.8 },
    ]);
  });

  it('saved-extractor.mts: saves columns and runs them by id', async () => {
    const { code, stdout, stderr } = await tsx('saved-extractor.mts');
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      status: 200,
      rows: [
        { person: 'Ada', day: '2026-03-02', hours: 7.5, billable: true },
        { person: 'Grace', day: '2026-03-02', hours: 6, billable: false },
      ],
    });
  });

  it('corrections.mts: lists flagged cells, corrects one, and the CSV carries it', async () => {
    const { code, stdout, stderr } = await tsx('corrections.mts');
    expect(code, stderr).toBe(0);
    expect(stderr).toBe('');
    const [reviewed, corrected, ...csv] = stdout.trim().split('\n');
    expect(JSON.parse(reviewed!)).toEqual({
      review: { total: 6, flagged: 0, edited: 0 },
      flagged: [],
    });
    expect(JSON.parse(corrected!)).toEqual({
      corrections: 1,
      review: { total: 6, flagged: 0, edited: 1 },
    });
    expect(csv.join('\n').trim().split(/\r?\n/)).toEqual([
      'source,date,description,amount',
      'date description amount,2026-01-02,Coffee,-3.20',
      'date description amount,2026-01-03,Train,-12.50',
    ]);
  });

  it('cli-review.sh: flags on stderr, cells in JSON, and a run scored against a reference', async () => {
    const { code, stdout, stderr } = await bash('cli-review.sh', {
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      DATA_DIR: dataDir,
    });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('No cells flagged for review.');
    expect(stdout).toContain('"review": {');
    expect(stdout).toContain(
      'Rows: 1 in the reference, 1 extracted: 1 matched, 0 missing, 0 extra.',
    );
    expect(stdout).toMatch(/\nall columns\s+3\s+3\s+100\.0%\n/);
  });

  it('cli-records.sh: flat rows with the invoice’s fields, the failed sum, and the record', async () => {
    const { code, stdout, stderr } = await bash('cli-records.sh', {
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      DATA_DIR: dataDir,
    });
    expect(code, stderr).toBe(0);
    const header = {
      invoice_number: 'INV-2041',
      date: '2025-03-14',
      subtotal: 106,
      tax: 8.16,
      total: 114.16,
    };
    expect(JSON.parse(stdout)).toEqual([
      { ...header, item: 'Copy paper', amount: 40 },
      { ...header, item: 'Toner cartridge', amount: 56 },
    ]);
    expect(stderr).toContain(`Check failed: ${RECORDS_EXAMPLE.failed}`);
    const { documents } = JSON.parse(readFileSync(join(workDir, 'invoice.json'), 'utf8')) as {
      documents: { fields: unknown; checks: { passed: boolean; message: string }[] }[];
    };
    expect(documents[0]?.fields).toEqual(header);
    expect(documents[0]?.checks.map((check) => check.passed)).toEqual([false, true]);
  });

  it.each(['production.env', 'local-model.env'])('%s is accepted by the settings', (name) => {
    const settings = Object.fromEntries(
      readFileSync(example(name), 'utf8')
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('#'))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(settings).length).toBeGreaterThan(3);
    if (settings.AUTH_SECRET === undefined) {
      expect(() => parseEnv(settings)).not.toThrow();
      return;
    }
    // Copied as it is, the example secret is refused in production; once replaced, all is well.
    expect(() => parseEnv(settings)).toThrow(/AUTH_SECRET: is an example from the documentation/);
    expect(() => parseEnv({ ...settings, AUTH_SECRET: 'a1b2c3d4'.repeat(8) })).not.toThrow();
  });
});
