#!/usr/bin/env node
// The `rowsmith` command. After `npm run build` it runs the compiled code in dist/server; in a
// checkout that has not been built, the TypeScript source through tsx
// (docs/decisions/035-compiled-server.md).
import { existsSync } from 'node:fs';

const built = new URL('../dist/server/rowsmith.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/bin.ts');
}
