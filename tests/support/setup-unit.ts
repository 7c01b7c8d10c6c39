import { afterEach, vi } from 'vitest';

// An unexpected console error is a failure, not noise (see STYLE.md section 10).
afterEach(() => {
  vi.restoreAllMocks();
});

const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
};
