import { afterEach, vi } from 'vitest';

// An unexpected console error is a failure, not noise (see STYLE.md section 10).
afterEach(() => {
  vi.restoreAllMocks();
});

// Files share a worker (isolate: false in vitest.config.ts), so this runs once per file: wrap
// the console's own error only once.
const wrapped = Symbol.for('rowsmith.console-error-throws');
const consoleWithMark = console as Console & { [wrapped]?: true };
if (!consoleWithMark[wrapped]) {
  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    originalError(...args);
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
  };
  consoleWithMark[wrapped] = true;
}
