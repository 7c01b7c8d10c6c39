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
    // Most of the integration suite waits (on servers, child processes, timers), so two files run
    // per core; each has its own database (tests/support/test-databases.ts).
    maxWorkers: Math.max(2, availableParallelism() * 2),
    // A worker keeps the modules it has loaded from one file to the next: importing the app again
    // for each of 220 files cost more than three minutes of CPU. No test mocks a module or relies
    // on a fresh one; each test builds its own app, database and folders.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
