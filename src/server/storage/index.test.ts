import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createFileStorage } from './index';

describe('createFileStorage', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rowsmith-storage-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores files under DATA_DIR/files by default', async () => {
    const storage = createFileStorage(parseEnv({ DATA_DIR: dir }));
    expect(storage.driver).toBe('local');
    await storage.create('u/x.json', new TextEncoder().encode('x'), 'application/json');
    expect(await readFile(join(dir, 'files', 'u', 'x.json'), 'utf8')).toBe('x');
  });

  it('stores files under FILES_DIR when it is set', async () => {
    const storage = createFileStorage(
      parseEnv({ DATA_DIR: dir, FILES_DIR: join(dir, 'elsewhere') }),
    );
    await storage.create('u/x.json', new TextEncoder().encode('y'), 'application/json');
    expect(await readFile(join(dir, 'elsewhere', 'u', 'x.json'), 'utf8')).toBe('y');
  });

  it('uses S3 when STORAGE_DRIVER=s3', () => {
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'results',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(createFileStorage(env).driver).toBe('s3');
  });

  it('refuses S3 settings without credentials', () => {
    const env = { ...parseEnv({}), STORAGE_DRIVER: 's3' as const };
    expect(() => createFileStorage(env)).toThrow(/S3_BUCKET/);
  });
});
