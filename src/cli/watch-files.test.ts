import { mkdtempSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { completeFiles } from './watch-files';

const dir = mkdtempSync(join(tmpdir(), 'rowsmith-watch-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('completeFiles', () => {
  it('waits again for a file put in place of a settled one, even with the same size and time', async () => {
    let clock = 0;
    const scan = completeFiles(dir, 1000, () => clock);
    writeFileSync(join(dir, 'a.csv'), 'item\nDesk\n');
    expect((await scan()).ready).toEqual([]);
    clock = 1000;
    expect((await scan()).ready.map((file) => file.name)).toEqual(['a.csv']);
    // Another file, same size and time, moved over it: not settled yet.
    const other = join(dir, '.incoming');
    writeFileSync(other, 'item\nLamp\n');
    const when = new Date('2026-01-01T00:00:00Z');
    utimesSync(other, when, when);
    utimesSync(join(dir, 'a.csv'), when, when);
    clock = 2000;
    expect((await scan()).ready).toEqual([]);
    renameSync(other, join(dir, 'a.csv'));
    clock = 3000;
    expect((await scan()).ready).toEqual([]);
    clock = 4000;
    expect((await scan()).ready.map((file) => file.name)).toEqual(['a.csv']);
  });

  it('says a link once while it stays, and never offers it as a file', async () => {
    let clock = 0;
    const scan = completeFiles(dir, 0, () => clock);
    symlinkSync(join(dir, 'a.csv'), join(dir, 'link.csv'));
    const first = await scan();
    expect(first.newLinks).toEqual(['link.csv']);
    clock = 1000;
    const second = await scan();
    expect(second.newLinks).toEqual([]);
    expect(second.ready.map((file) => file.name)).toEqual(['a.csv']);
  });
});
