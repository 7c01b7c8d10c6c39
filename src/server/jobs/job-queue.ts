/** One document of a job, as a queue delivers it to a worker. */
export type DocumentRef = { jobId: string; documentId: string };

/**
 * Runs one document: whatever delivered it, the handler claims it, runs it and records the
 * outcome. It throws only for an unexpected failure that should be tried again.
 */
export type DocumentHandler = (ref: DocumentRef) => Promise<void>;

/**
 * How documents reach workers. One contract, two engines, one factory chosen by DATABASE_URL
 * (`./index.ts`): jobs tables polled in the process on SQLite, pg-boss on PostgreSQL. The
 * document runner does not know which engine delivered a document.
 */
export interface JobQueue {
  readonly engine: 'local' | 'pg-boss';
  /**
   * Hands new documents to the workers. Never fails the caller: a document whose hand-over was
   * lost is found again by the engine (it polls the jobs tables, or sends again what is runnable).
   */
  enqueue(refs: DocumentRef[]): Promise<void>;
  /** Starts `concurrency` workers in this process that run documents through `handler`. */
  startWorkers(handler: DocumentHandler, concurrency: number): Promise<void>;
  /**
   * Calls `handler` on a clock shared by every process: once a minute by pg-boss's cron on
   * PostgreSQL (one process gets each tick), every `intervalMs` by a timer in this process on
   * SQLite. The handler must be safe to run in two processes at once. Used by schedules.
   */
  startTicks(handler: () => Promise<void>, intervalMs: number): Promise<void>;
  /**
   * A tick now, the way the engine delivers them, over once a process has handled it (tests drive
   * schedules with it).
   */
  tick(): Promise<void>;
  /** Stops taking documents and waits for the ones running to finish (up to `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
}
