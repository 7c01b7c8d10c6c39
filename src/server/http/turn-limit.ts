import pLimit from 'p-limit';

/** Runs a task when a turn-limit lets it. */
export type TurnLimit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Runs tasks at most `atOnce` at a time, and starts one a turn of the event loop, so that
 * requests arriving meanwhile (a health check, a page) are served between them rather than
 * after all of them. On SQLite a query runs on this thread without a pause, and a plain limit
 * starts the next task as the last one ends: a burst of heavy reads (a hundred replays of a
 * finished job, a few exports) would run as one block of the thread's time.
 */
export function createTurnLimit(atOnce: number): TurnLimit {
  const limit = pLimit(atOnce);
  let turns = Promise.resolve();
  const nextTurn = () =>
    (turns = turns.then(() => new Promise<void>((resolve) => setImmediate(resolve))));
  return (task) =>
    limit(async () => {
      await nextTurn();
      return task();
    });
}
