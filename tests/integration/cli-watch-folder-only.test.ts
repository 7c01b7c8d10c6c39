import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../support/fake-openai-server';
import { runRowsmith } from '../support/rowsmith-process';

// Issue 28: `rowsmith watch` never acts outside its folder, with real links made by an attacker
// who can write in the watched folder.

const root = mkdtempSync(join(tmpdir(), 'rowsmith-watch-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const OFFLINE = { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
const PROGRAM = Buffer.from('4d5a90000300000004000000ffff0000', 'hex');

function watchArgs(dir: string, out: string) {
  return ['watch', dir, '--columns', 'item,price:number', '--out', out, '--settle', '1'];
}

/** Starts the watcher; answers what it says, its exit, and a way to press Ctrl-C. */
function startWatcher(args: string[], env: Record<string, string> = OFFLINE) {
  const child = spawn(process.execPath, ['bin/rowsmith.js', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    said: () => said,
    exited,
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

/** Every entry under `dir`, with what it is and holds: a snapshot to compare. */
function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    const info = lstatSync(path);
    entries[name] = info.isFile()
      ? readFileSync(path, 'utf8')
      : info.isDirectory()
        ? 'dir'
        : 'link';
  }
  return entries;
}

/** A folder outside the watched one, with a file an attacker would like overwritten. */
function outsideFolder(name: string) {
  const path = join(root, name);
  mkdirSync(path);
  writeFileSync(join(path, 'precious.txt'), 'keep me\n');
  writeFileSync(join(path, 'secret.csv'), 'item,price\nSecret,1\n');
  return path;
}

describe('rowsmith watch acts only inside its folder', () => {
  it('refuses to start when done/, failed/ or its journal is a link, or done/ is a file', async () => {
    const outside = outsideFolder('outside-start');
    const before = snapshot(outside);
    const cases = [
      { name: 'done-link', plant: (dir: string) => symlinkSync(outside, join(dir, 'done')) },
      { name: 'failed-link', plant: (dir: string) => symlinkSync(outside, join(dir, 'failed')) },
      { name: 'done-file', plant: (dir: string) => writeFileSync(join(dir, 'done'), 'x') },
      {
        name: 'journal-link',
        plant: (dir: string) =>
          symlinkSync(join(outside, 'precious.txt'), join(dir, '.rowsmith-watch.json')),
      },
    ];
    const runs = await Promise.all(
      cases.map(async ({ name, plant }) => {
        const dir = join(root, name);
        mkdirSync(dir);
        plant(dir);
        writeFileSync(join(dir, 'march.csv'), 'item,price\nDesk,120\n');
        const run = await runRowsmith(watchArgs(dir, join(root, `${name}.csv`)), { env: OFFLINE });
        return { name, dir, run };
      }),
    );
    for (const { name, dir, run } of runs) {
      expect(run.code, name).toBe(1);
      expect(run.stderr, name).toMatch(/is (a link|not a folder): .* so it stops/);
      expect(existsSync(join(dir, 'march.csv')), name).toBe(true);
    }
    expect(snapshot(outside)).toEqual(before);
  }, 60_000);

  it('skips links, keeps error and journal files inside, refuses a 3 GiB file, and stops when done/ becomes a link', async () => {
    const outside = outsideFolder('outside-run');
    const before = snapshot(outside);
    const dir = join(root, 'inbox');
    const out = join(root, 'prices.csv');
    mkdirSync(join(dir, 'failed'), { recursive: true });
    // The attacker's links: a file of theirs, an error file's name, the journal's old temporary.
    symlinkSync(join(outside, 'secret.csv'), join(dir, 'secret.csv'));
    symlinkSync(join(outside, 'precious.txt'), join(dir, 'failed', 'bad.pdf.error.txt'));
    symlinkSync(join(outside, 'precious.txt'), join(dir, '.rowsmith-watch.json.tmp'));
    // 3 GiB that take no disk, there before the watcher starts (it crashed on every start).
    writeFileSync(join(dir, 'huge.csv'), '');
    await truncate(join(dir, 'huge.csv'), 3 * 1024 ** 3);
    writeFileSync(join(dir, 'bad.pdf'), PROGRAM);
    // The folder itself may be given as a link.
    symlinkSync(dir, join(root, 'inbox-link'));
    const watcher = startWatcher(watchArgs(join(root, 'inbox-link'), out));
    // failed/bad.pdf.error.txt is taken (by the link): the line names where the file went.
    await waitUntil(
      () => watcher.said().includes('bad.pdf (kept as failed/bad (2).pdf): failed'),
      'the program',
    );
    writeFileSync(join(dir, 'march.csv'), 'item,price\nDesk,120\n');
    await waitUntil(() => watcher.said().includes('march.csv: 1 row'), 'the next file');
    // The same name again, another file: its line names the file of done/ its rows came from.
    writeFileSync(join(dir, 'march.csv'), 'item,price\nChair,45\n');
    await waitUntil(
      () => watcher.said().includes('march.csv (kept as done/march (2).csv): 1 row appended'),
      'a name used again',
    );

    expect(watcher.said()).toContain('secret.csv: skipped: it is a link');
    expect(watcher.said().match(/secret\.csv: skipped/g)).toHaveLength(1);
    expect(lstatSync(join(dir, 'secret.csv')).isSymbolicLink()).toBe(true);
    expect(watcher.said()).toMatch(/huge\.csv: failed: It is too large: 3072\.0 MB.*up to 25 MB/);
    expect(readFileSync(join(dir, 'failed', 'huge.csv.error.txt'), 'utf8')).toContain(
      'It is too large: 3072.0 MB',
    );
    expect(readFileSync(join(dir, 'failed', 'bad (2).pdf.error.txt'), 'utf8')).toContain(
      'This file is a program, not a document',
    );
    expect(readdirSync(join(dir, 'done')).sort()).toEqual(['march (2).csv', 'march.csv']);
    expect(readFileSync(out, 'utf8')).not.toContain('Secret');

    // done/ swapped for a link while it runs: the watcher stops rather than move a file out.
    rmSync(join(dir, 'done'), { recursive: true });
    symlinkSync(outside, join(dir, 'done'));
    writeFileSync(join(dir, 'april.csv'), 'item,price\nLamp,19\n');
    expect(await watcher.exited).toBe(1);
    expect(watcher.said()).toContain(`${join(dir, 'done')} is a link`);
    expect(existsSync(join(dir, 'april.csv'))).toBe(true);
    expect(snapshot(outside)).toEqual(before);
  }, 60_000);

  it('does not move a file swapped while its rows were extracted: reads the new one, rows once', async () => {
    const dir = join(root, 'swap-inbox');
    const out = join(root, 'swap.csv');
    mkdirSync(dir);
    const replacement = join(root, 'replacement.txt');
    writeFileSync(replacement, 'Order of 2 March: a Chair for 45 and a Rug for 60.');
    const secondRows = [
      { item: 'Chair', price: '45' },
      { item: 'Rug', price: '60' },
    ];
    let swapped = false;
    const fake = await startFakeOpenAi({
      behaviorFor: (request) => {
        const text = JSON.stringify(request.messages);
        if (text.includes('Chair')) return { answer: () => JSON.stringify({ data: secondRows }) };
        if (swapped || !text.includes('Desk')) return undefined;
        // While the model reads the first version, an atomic mv puts another file in its place.
        swapped = true;
        renameSync(replacement, join(dir, 'order.txt'));
        return {
          delayMs: 1500,
          answer: () => JSON.stringify({ data: [{ item: 'Desk', price: '120' }] }),
        };
      },
    });
    try {
      writeFileSync(join(dir, 'order.txt'), 'Order of 1 March: a Desk for 120.');
      const watcher = startWatcher(watchArgs(dir, out), {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.baseUrl,
      });
      await waitUntil(() => watcher.said().includes('order.txt: 2 rows'), 'the new version');
      expect(await watcher.interrupt()).toBe(0);
      expect(swapped).toBe(true);
      expect(watcher.said()).toContain('order.txt: changed or replaced while it was read');
      // The rows of the version that was read and is gone are not in the table; the new one's once.
      expect(readFileSync(out, 'utf8').trimEnd().split('\r\n')).toEqual([
        '\uFEFFsource,item,price',
        'order.txt,Chair,45',
        'order.txt,Rug,60',
      ]);
      expect(readdirSync(join(dir, 'done'))).toEqual(['order.txt']);
      expect(readFileSync(join(dir, 'done', 'order.txt'), 'utf8')).toContain('Chair');
    } finally {
      await fake.close();
    }
  }, 60_000);
});
