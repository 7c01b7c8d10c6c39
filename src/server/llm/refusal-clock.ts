/**
 * How long a run may wait for a provider that keeps refusing its calls for rate reasons: the
 * clock starts at the first refusal (or pause) after a call went through, and its deadline is
 * `minutes` later (JOB_DEADLINE_MINUTES). A call that goes through stops it.
 */
export type RefusalClock = {
  readonly minutes: number;
  /** A call must wait for the provider: starts the clock if it is not running; its deadline (epoch ms). */
  waiting(): Promise<number>;
  /** A call went through. */
  through(): void;
};

/** A clock for one run in this process (the command line, or a run without a job). */
export function memoryRefusalClock(minutes: number): RefusalClock {
  let since: number | null = null;
  return {
    minutes,
    waiting() {
      since ??= Date.now();
      return Promise.resolve(since + minutes * 60_000);
    },
    through() {
      since = null;
    },
  };
}
