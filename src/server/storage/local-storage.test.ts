import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../tests/support/app-error';
import { describeFileStorageContract } from './file-storage.contract';
import { createLocalStorage } from './local-storage';

/** Every file under `dir` with its content, so a test can see that nothing changed. */
async function tree(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  const pairs = await Promise.all(
    files.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      return [path.slice(dir.length + 1), await readFile(path, 'utf8')] as const;
    }),
  );
  return Object.fromEntries(pairs);
}

describeFileStorageContract('local', async () => {
  // The root sits one level down so that a write escaping it (`../x.json`) would show up.
  const base = await mkdtemp(join(tmpdir(), 'rowsmith-storage-'));
  return {
    storage: createLocalStorage(join(base, 'files')),
    snapshot: () => tree(base),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
});

describe('createLocalStorage', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'rowsmith-storage-'));
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('keeps each file at {root}/{key}, creating the root on first write', async () => {
    const root = join(base, 'data', 'files');
    const storage = createLocalStorage(root);
    expect(storage.driver).toBe('local');
    await storage.create('user-a/run_1.json', new TextEncoder().encode('{"rows":[]}'), 'x/y');
    expect(await readFile(join(root, 'user-a', 'run_1.json'), 'utf8')).toBe('{"rows":[]}');
    // No temp file is left beside it.
    expect(await readdir(join(root, 'user-a'))).toEqual(['run_1.json']);
  });

  it('removes folders left empty, but never the root', async () => {
    const root = join(base, 'files');
    const storage = createLocalStorage(root);
    await storage.create('user-a/sub/x.json', new Uint8Array([1]), 'application/json');
    await storage.create('user-b/y.json', new Uint8Array([2]), 'application/json');
    await storage.remove(['user-a/sub/x.json', 'user-b/y.json']);
    expect(await readdir(root)).toEqual([]);
  });

  it('does not list the hidden temp files of writes in progress', async () => {
    const root = join(base, 'files');
    const storage = createLocalStorage(root);
    await mkdir(join(root, 'user-a'), { recursive: true });
    await writeFile(join(root, 'user-a', '.tmp-123'), 'half');
    await storage.create('user-a/done.json', new Uint8Array([1]), 'application/json');
    expect(await storage.list('user-a/')).toEqual(['user-a/done.json']);
  });

  it('fails with STORAGE_FAILED when the root cannot be created', async () => {
    const file = join(base, 'not-a-folder');
    await writeFile(file, 'plain file');
    const storage = createLocalStorage(join(file, 'files'));
    const error = await appErrorOf(
      storage.create('user-a/x.json', new Uint8Array([1]), 'application/json'),
    );
    expect(error.code).toBe('STORAGE_FAILED');
    expect(error.message).toBe('File storage is unavailable: write failed (ENOTDIR)');
    expect(error.message).not.toContain(base);
    expect((await stat(file)).isFile()).toBe(true);
  });
});
