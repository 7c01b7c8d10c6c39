/**
 * Where a worker pool's threads start. Built (dist/server), a pool's worker is a bundle beside the
 * code that starts it; run from source (tests, `npm run dev`), threads do not inherit the
 * TypeScript loader, so they start at an `.mjs` entry that loads the worker through tsx.
 */
export function workerEntry(moduleUrl: string, names: { source: string; built: string }): string {
  const fromSource = new URL(moduleUrl).pathname.endsWith('.ts');
  return new URL(fromSource ? names.source : names.built, moduleUrl).href;
}
