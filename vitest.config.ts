import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests. Browser tests (tests/e2e/*.spec.ts) run under Playwright instead.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'build/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    setupFiles: ['tests/support/setup-unit.ts'],
    globalSetup: ['tests/support/build-server-first.ts'],
    // Much of the integration suite waits (on servers, child processes, timers): with two files
    // per core the cores stay busy (440 s against 503 s with one per core, on two cores). Each
    // file has its own database (tests/support/test-databases.ts).
    maxWorkers: Math.max(2, availableParallelism() * 2),
    // A worker runs its files one after another in one module graph instead of loading the
    // server's modules again for each file: 347 s against 401 s, 617 s of CPU against 729 s. No
    // test relies on fresh module state; tests/support/setup-unit.ts is written to load once.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
