import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy beside each text file, and leaves fonts and maps alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rowsmith-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i })))};`;
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>Rowsmith</p>'.repeat(40)}`);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dir, 'assets', 'index-abc.css'), 'body{margin:0}'.repeat(50));
    writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{"version":3}');
    writeFileSync(join(dir, 'assets', 'inter-latin.woff2'), 'wOF2');

    const summary = await precompressDir(dir);

    expect(summary.files).toBe(3);
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'index-abc.css',
      'index-abc.css.br',
      'index-abc.css.gz',
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'index-abc.js.map',
      'inter-latin.woff2',
    ]);
    const file = join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(summary.brotli).toBeLessThan(summary.bytes);
  });

  it('keeps no copy that would be larger than the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rowsmith-precompress-'));
    writeFileSync(join(dir, 'tiny.js'), 'x');
    await precompressDir(dir);
    expect(readdirSync(dir)).toEqual(['tiny.js']);
  });
});
