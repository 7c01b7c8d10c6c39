import { afterEach, vi } from 'vitest';

// An unexpected console error is a failure, not noise (see STYLE.md section 10).
afterEach(() => {
  vi.restoreAllMocks();
});

// Wrap the console's own error once, even where a worker runs several files (--no-isolate).
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
