import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnreachable } from './database-errors';

export type WaitOutOutageOptions = {
  /** How long to keep trying after the first failure before the error is thrown after all. */
  giveUpAfterMs: number;
  /** Stops waiting early (the work is no longer this process's to record). */
  shouldStop?: () => boolean;
  /** Told of each failure that will be tried again. */
  onRetry?: (error: unknown, waitMs: number) => void;
};

const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 5_000;

/**
 * Runs `write` and, while the database cannot be reached, runs it again with growing waits,
 * for up to `giveUpAfterMs`. For a write that must not be lost to a restart of the database
 * (a document's outcome, after minutes of model work); `write` must be safe to run again, as a
 * transaction that failed to reach the database is.
 */
export async function waitOutOutage<T>(
  write: () => Promise<T>,
  options: WaitOutOutageOptions,
): Promise<T> {
  const deadline = Date.now() + options.giveUpAfterMs;
  for (let waitMs = FIRST_WAIT_MS; ; waitMs = Math.min(waitMs * 2, LONGEST_WAIT_MS)) {
    try {
      return await write();
    } catch (error) {
      const isLate = Date.now() + waitMs > deadline;
      if (!isDatabaseUnreachable(error) || isLate || options.shouldStop?.()) throw error;
      options.onRetry?.(error, waitMs);
      await sleep(waitMs);
    }
  }
}
