import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing. Fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

export type PrecompressSummary = { files: number; bytes: number; brotli: number; gzip: number };

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`, at the highest
 * settings (this runs once per build, not per request), keeping a copy only when it is smaller.
 * The server picks one by the request's Accept-Encoding (src/server/http/static-client.ts).
 */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      summary.files += 1;
      summary.bytes += body.length;
      summary.brotli += Math.min(br.length, body.length);
      summary.gzip += Math.min(gz.length, body.length);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return summary;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The build step: once Vite has written the client, compress it (see precompressDir). */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => undefined;
  return {
    name: 'rowsmith:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const { files, bytes, brotli: br, gzip: gz } = await precompressDir(outDir);
        log(`precompressed ${files} files: ${kb(bytes)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
      },
    },
  };
}
