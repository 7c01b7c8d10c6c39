import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRowsmith } from '../support/rowsmith-process';

const dir = mkdtempSync(join(tmpdir(), 'rowsmith-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rowsmith = (args: string[], stdin?: string) => runRowsmith(args, { stdin });

describe('rowsmith read', () => {
  it('prints a file as Markdown, with tables as GFM tables', async () => {
    const file = join(dir, 'stock.csv');
    writeFileSync(file, 'symbol,close\nACME,12.5\nGLOBEX,7.25\n');
    const { code, stdout } = await rowsmith(['read', file]);
    expect(code).toBe(0);
    expect(stdout).toContain('| symbol | close |');
    expect(stdout).toContain('| GLOBEX | 7.25 |');
  });

  it('prints the whole Document with --json', async () => {
    const file = join(dir, 'notes.md');
    writeFileSync(file, '# Notes\n\nCall the bank.');
    const { code, stdout } = await rowsmith(['read', file, '--json']);
    expect(code).toBe(0);
    const document = JSON.parse(stdout) as {
      metadata: { fileName: string; fileType: string };
      segments: unknown[];
    };
    expect(document.metadata).toMatchObject({ fileName: 'notes.md', fileType: 'text' });
    expect(document.segments.length).toBe(2);
  });

  it('reads standard input with -', async () => {
    const { code, stdout } = await rowsmith(['read', '-'], 'Invoice 7\n\nTotal due: 120.00');
    expect(code).toBe(0);
    expect(stdout).toContain('Total due: 120.00');
  });

  it('explains a failure and exits 1', async () => {
    const { code, stderr } = await rowsmith(['read', join(dir, 'missing.pdf')]);
    expect(code).toBe(1);
    expect(stderr).toContain('Failed to process file: cannot open');
  });
});
