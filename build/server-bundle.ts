import { build } from 'esbuild';

/** Where `npm run build` puts the server, the CLI and the pools' workers. */
export const SERVER_OUT_DIR = 'dist/server';

/**
 * Compiles the command line (which starts the server), and the read and export pools' workers,
 * to JavaScript (docs/decisions/035-compiled-server.md). Packages stay imports from
 * node_modules; code shared by the entries goes to chunks beside them, so a module's
 * `import.meta.url` is in dist/server wherever it ends up.
 */
export async function buildServer(outdir = SERVER_OUT_DIR): Promise<void> {
  await build({
    entryPoints: {
      rowsmith: 'src/cli/bin.ts',
      'read-worker': 'src/server/extraction/read/pool/read-worker.ts',
      'export-worker': 'src/server/modules/jobs/export/export-worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
