// Vitest's global setup: tests that start `rowsmith` as a process run what users run, the compiled
// code in dist/server, so it is built from the current source before any test starts (about a
// second; `npm run build` makes the same files).
import { buildServer } from '../../build/server-bundle';

export default async function buildServerFirst(): Promise<void> {
  await buildServer();
}
