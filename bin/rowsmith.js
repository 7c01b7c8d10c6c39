#!/usr/bin/env node
// The `rowsmith` command: runs the TypeScript CLI through tsx (docs/decisions/001-stack.md).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
