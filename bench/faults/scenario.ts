// What a scenario of `npm run bench:faults` is, and the helpers they share.
import type { Deployment } from './deployment';

/** One line of the printed table. */
export type Measure = {
  measure: string;
  value: string;
  target?: string;
  /** Whether the target was met; undefined when the line only reports. */
  isMet?: boolean;
};

/**
 * One fault or attack against the running deployment. Scenarios run one after another, in the
 * order of the list in ../faults.ts, each leaving the deployment as healthy as it found it (two
 * workers, the database reachable), so that any of them can be run alone (BENCH_SCENARIOS).
 */
export type Scenario = {
  /** Short, for BENCH_SCENARIOS=name,name. */
  id: string;
  name: string;
  run: (deployment: Deployment) => Promise<Measure[]>;
};

export type HealthAnswer = { status: number | string; database: string; ms: number };

/** Asks /api/health every `everyMs` until stopped, keeping every answer and its time. */
export function watchHealth(deployment: Deployment, everyMs = 200) {
  const answers: HealthAnswer[] = [];
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      const started = performance.now();
      try {
        const response = await deployment.call('/api/health');
        const body = (await response.json()) as { database?: string };
        answers.push({
          status: response.status,
          database: body.database ?? '',
          ms: performance.now() - started,
        });
      } catch (error) {
        answers.push({
          status: `no answer (${(error as Error).message})`,
          database: '',
          ms: performance.now() - started,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    answers,
    stop: async () => {
      isRunning = false;
      await loop;
      return answers;
    },
  };
}

export const worstMs = (answers: { ms: number }[]) => Math.max(0, ...answers.map((a) => a.ms));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
