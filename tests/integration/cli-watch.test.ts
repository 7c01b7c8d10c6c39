import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../support/fake-openai-server';
import { JANUARY, statementAnswer } from '../support/review-jobs';
import { runRowsmith } from '../support/rowsmith-process';

// Issue 24, a watched folder: `rowsmith watch` as a real process on real files.

const root = mkdtempSync(join(tmpdir(), 'rowsmith-watch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dir = join(root, 'inbox');
const out = join(root, 'prices.csv');
const OFFLINE = { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
const ARGS = ['watch', dir, '--columns', 'item,price:number', '--out', out, '--settle', '1'];

/** Starts the watcher; answers what it says and a way to press Ctrl-C and wait for its exit. */
function startWatcher(args = ARGS, env: Record<string, string> = OFFLINE) {
  const child = spawn(process.execPath, ['bin/rowsmith.js', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    said: () => said,
    interrupt: async () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

const waitUntil = async (isDone: () => boolean, what: string) => {
  for (let attempt = 0; attempt < 200 && !isDone(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (!isDone()) throw new Error(`timed out waiting for ${what}`);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const outLines = () => readFileSync(out, 'utf8').trimEnd().split('\r\n');

describe('rowsmith watch', () => {
  it('says what is wrong with the command line (exit 2)', async () => {
    const missing = await runRowsmith(['watch', root, '--columns', 'item'], { env: OFFLINE });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--out FILE.csv');
    const text = await runRowsmith(['watch', root, '--template', 'invoice', '--out', 'x.txt'], {
      env: OFFLINE,
    });
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('--out is a .csv or .xlsx file');
  });

  it('reads files already there and new ones once, waits for slow ones, and carries on after a restart', async () => {
    rmSync(dir, { recursive: true, force: true });
    await mkdir(dir);
    writeFileSync(join(dir, 'march.csv'), 'item,price\nDesk,120\nLamp,19.5\n');
    const watcher = startWatcher();
    await waitUntil(() => watcher.said().includes('march.csv: 2 rows'), 'the first file');
    expect(existsSync(join(dir, 'done', 'march.csv'))).toBe(true);

    // A file written slowly, in parts, is read once it is whole.
    const slow = join(dir, 'april.csv');
    writeFileSync(slow, 'item,price\nChair,45\n');
    for (const line of ['Shelf,80\n', 'Rug,60\n']) {
      await pause(600);
      await appendFile(slow, line);
    }
    // A program with a document's name goes to failed/, with why.
    writeFileSync(join(dir, 'invoice.pdf'), Buffer.from('4d5a90000300000004000000ffff0000', 'hex'));
    await waitUntil(() => watcher.said().includes('april.csv: 3 rows'), 'the slow file');
    await waitUntil(() => watcher.said().includes('invoice.pdf: failed'), 'the program');
    expect(readFileSync(join(dir, 'failed', 'invoice.pdf.error.txt'), 'utf8')).toContain(
      'This file is a program, not a document',
    );
    expect(await watcher.interrupt()).toBe(0);
    expect(watcher.said()).toContain('Stopped.');
    // One byte order mark, at the start, so that Excel reads the file as UTF-8 (issue 20). Numbers
    // have the decimals their file's column has (19.5 beside 120.0), as every export writes them.
    expect(outLines()).toEqual([
      '\uFEFFsource,item,price',
      'march.csv,Desk,120.0',
      'march.csv,Lamp,19.5',
      'april.csv,Chair,45',
      'april.csv,Shelf,80',
      'april.csv,Rug,60',
    ]);

    // Started again: the same bytes under another name are not read twice; a new file is.
    writeFileSync(join(dir, 'march copy.csv'), 'item,price\nDesk,120\nLamp,19.5\n');
    writeFileSync(join(dir, 'may.csv'), 'item,price\nBench,99\n');
    const again = startWatcher();
    await waitUntil(() => again.said().includes('may.csv: 1 row'), 'the new file');
    await waitUntil(() => again.said().includes('march copy.csv: read before'), 'the copy');
    expect(await again.interrupt()).toBe(0);
    expect(outLines().slice(6)).toEqual(['may.csv,Bench,99']);
    expect(readdirSync(join(dir, 'done')).sort()).toEqual([
      'april.csv',
      'march copy.csv',
      'march.csv',
      'may.csv',
    ]);
    expect(
      readdirSync(dir)
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual(['done', 'failed']);
  });

  it('says in failed/ why the model gave no rows: a key it refused, the model declining', async () => {
    const modelDir = join(root, 'model-inbox');
    await mkdir(modelDir);
    const KEY = 'sk-watch-secret-4f9a';
    const fake = await startFakeOpenAi({
      apiKey: KEY,
      behaviorFor: (request) =>
        JSON.stringify(request.messages).includes('payroll')
          ? { refusal: 'I’m sorry, I can’t help with personal salary records.' }
          : undefined,
    });
    const args = [
      'watch',
      modelDir,
      '--columns',
      'item,price:number',
      '--out',
      join(root, 'model.csv'),
      '--settle',
      '1',
    ];
    const errorOf = (name: string) =>
      readFileSync(join(modelDir, 'failed', `${name}.error.txt`), 'utf8').trim();
    try {
      // A key the provider does not accept: said as such, and the key is not repeated.
      writeFileSync(join(modelDir, 'notes.txt'), 'We paid 120 for a desk and 19.50 for a lamp.');
      const wrongKey = startWatcher(args, {
        OPENAI_API_KEY: 'sk-wrong-key-0000',
        OPENAI_BASE_URL: fake.baseUrl,
      });
      await waitUntil(() => wrongKey.said().includes('notes.txt: failed'), 'the refused key');
      expect(await wrongKey.interrupt()).toBe(0);
      const refusedKey =
        'OpenAI API error: 401 Unauthorized (the model provider did not accept the API key).';
      expect(errorOf('notes.txt')).toBe(refusedKey);
      expect(wrongKey.said()).toContain(`notes.txt: failed: ${refusedKey}`);
      expect(wrongKey.said()).not.toContain('sk-wro');

      // The model declines to answer: its own words.
      writeFileSync(join(modelDir, 'salaries.txt'), 'The payroll: Ann earns 4200, Bo 3900.');
      const declined = startWatcher(args, { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseUrl });
      await waitUntil(() => declined.said().includes('salaries.txt: failed'), 'the refusal');
      expect(await declined.interrupt()).toBe(0);
      expect(errorOf('salaries.txt')).toBe(
        'The model refused to answer: I’m sorry, I can’t help with personal salary records.',
      );
      for (const name of ['notes.txt', 'salaries.txt'])
        expect(errorOf(name)).not.toContain('Failed to extract structured data');
    } finally {
      await fake.close();
    }
  });

  it("says in its line how many of a file's cells are flagged as doubtful", async () => {
    // The model (the fake) gives the statement's third amount as -21.00, which it does not hold.
    const reviewDir = join(root, 'review-inbox');
    await mkdir(reviewDir);
    const fake = await startFakeOpenAi({ behavior: { answer: statementAnswer } });
    try {
      writeFileSync(join(reviewDir, 'january.csv'), JANUARY);
      const watcher = startWatcher(
        [
          'watch',
          reviewDir,
          '--columns',
          'date:date,description,amount:number',
          '--out',
          join(root, 'review.csv'),
          '--settle',
          '1',
        ],
        { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, OFFLINE_FAST_PATH: 'false' },
      );
      await waitUntil(() => watcher.said().includes('january.csv: 3 rows'), 'the statement');
      expect(await watcher.interrupt()).toBe(0);
      expect(watcher.said()).toContain(
        `january.csv: 3 rows appended to ${join(root, 'review.csv')}; 1 cell is flagged as doubtful, check it`,
      );
    } finally {
      await fake.close();
    }
  });
});
