import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../tests/support/app-error';
import type { FileStorage } from './file-storage';

/**
 * The behaviour every FileStorage driver shares, as one Vitest suite. Not a test file itself:
 * each driver's test calls `describeFileStorageContract` with a fresh, empty store per test.
 */

export type StorageHarness = {
  storage: FileStorage;
  /** Everything in the backing store (and around it), to show that a call left it alone. */
  snapshot(): Promise<unknown>;
  cleanup(): Promise<void>;
};

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | null) => (data === null ? null : new TextDecoder().decode(data));

const INVALID_KEYS = ['../x.json', '/abs.json', 'a/../../b', 'a//b', '', 'a/', '.hidden', 'a b'];
const INVALID_PREFIXES = ['', 'user-a', '../', '/abs/', 'a//', '../../etc/'];

export function describeFileStorageContract(
  name: string,
  makeStorage: () => Promise<StorageHarness>,
): void {
  describe(`${name}: FileStorage contract`, () => {
    let harness: StorageHarness;
    let storage: FileStorage;
    beforeEach(async () => {
      harness = await makeStorage();
      storage = harness.storage;
    });
    afterEach(() => harness.cleanup());

    it('reads back exactly the bytes it stored', async () => {
      const body = Uint8Array.from({ length: 256 * 4 }, (_, i) => i % 256);
      await storage.create('user-a/run-1_1700000000000.json', body, 'application/json');
      expect(await storage.read('user-a/run-1_1700000000000.json')).toEqual(body);
    });

    it('refuses to overwrite a stored file and keeps the original', async () => {
      await storage.create('user-a/one.json', bytes('{"first":true}'), 'application/json');
      const error = await appErrorOf(
        storage.create('user-a/one.json', bytes('{"second":true}'), 'application/json'),
      );
      expect(error.code).toBe('STORED_FILE_EXISTS');
      expect(error.message).toContain('user-a/one.json');
      expect(text(await storage.read('user-a/one.json'))).toBe('{"first":true}');
    });

    it('lets exactly one of ten concurrent creates of one key succeed', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          storage.create('user-a/race.json', bytes(`{"writer":${i}}`), 'application/json'),
        ),
      );
      const winners = results.flatMap((result, i) => (result.status === 'fulfilled' ? [i] : []));
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') {
          expect(result.reason).toMatchObject({ code: 'STORED_FILE_EXISTS' });
        }
      }
      expect(text(await storage.read('user-a/race.json'))).toBe(`{"writer":${winners[0]}}`);
      expect(await storage.list('user-a/')).toEqual(['user-a/race.json']);
    });

    it('reads a missing file as null', async () => {
      await storage.create('user-a/nested/x.json', bytes('x'), 'application/json');
      expect(await storage.read('user-a/missing.json')).toBeNull();
      expect(await storage.read('nobody/missing.json')).toBeNull();
      // A "folder" is not a file.
      expect(await storage.read('user-a/nested')).toBeNull();
    });

    it('lists only the keys under a prefix, sorted', async () => {
      const keys = [
        'user-b/1.json',
        'user-a/2.json',
        'user-ab/1.json',
        'user-a/nested/x.json',
        'user-a/10.json',
      ];
      for (const key of keys) await storage.create(key, bytes(key), 'application/json');
      expect(await storage.list('user-a/')).toEqual([
        'user-a/10.json',
        'user-a/2.json',
        'user-a/nested/x.json',
      ]);
      expect(await storage.list('user-a/nested/')).toEqual(['user-a/nested/x.json']);
      expect(await storage.list('user-b/')).toEqual(['user-b/1.json']);
    });

    it('lists nothing under a prefix with no files', async () => {
      expect(await storage.list('nobody/')).toEqual([]);
      await storage.create('user-a/1.json', bytes('1'), 'application/json');
      await storage.remove(['user-a/1.json']);
      expect(await storage.list('user-a/')).toEqual([]);
    });

    it('removes the given files, ignores missing ones and leaves the rest', async () => {
      for (const key of ['user-a/1.json', 'user-a/sub/2.json', 'user-b/1.json']) {
        await storage.create(key, bytes(key), 'application/json');
      }
      await storage.remove(['user-a/1.json', 'user-a/sub/2.json', 'user-a/never.json']);
      await storage.remove([]);
      expect(await storage.read('user-a/1.json')).toBeNull();
      expect(await storage.list('user-a/')).toEqual([]);
      expect(text(await storage.read('user-b/1.json'))).toBe('user-b/1.json');
      // The key is free again.
      await storage.create('user-a/1.json', bytes('again'), 'application/json');
      expect(text(await storage.read('user-a/1.json'))).toBe('again');
    });

    it('refuses invalid keys and prefixes without touching storage', async () => {
      await storage.create('user-a/keep.json', bytes('keep'), 'application/json');
      const before = await harness.snapshot();
      for (const key of INVALID_KEYS) {
        const attempts = [
          () => storage.create(key, bytes('evil'), 'application/json'),
          () => storage.read(key),
          () => storage.remove([key]),
          () => storage.remove(['user-a/keep.json', key]),
        ];
        for (const attempt of attempts) {
          expect((await appErrorOf(attempt())).code, key).toBe('STORAGE_FAILED');
        }
      }
      for (const prefix of INVALID_PREFIXES) {
        expect((await appErrorOf(storage.list(prefix))).code, prefix).toBe('STORAGE_FAILED');
      }
      expect(await harness.snapshot()).toEqual(before);
      expect(text(await storage.read('user-a/keep.json'))).toBe('keep');
    });
  });
}
