// JSON bodies far larger than any request needs, sent at once to sign-in and to the jobs API,
// while health is watched: what the server answers, how long it takes, what it costs in memory.
// Sign-in takes BODY_LIMIT_KB (1 MB) at most; the jobs API is an upload (its JSON inputs carry
// whole texts), capped at BATCH_MAX_UPLOAD_MB (100 MB), so it gets a body just past that.
import { peakMemoryMb, resetPeakMemory } from './deployment';
import { seconds, watchHealth, worstMs, type Measure, type Scenario } from './scenario';

const BATCH_MAX_UPLOAD_MB = 100;
const PATHS = ['/api/auth/sign-in/email', '/api/jobs'];

/** A valid JSON object of about `megabytes` MB: one long string field. */
function hugeJson(megabytes: number): string {
  return JSON.stringify({ email: 'x@example.com', password: 'x'.repeat(megabytes * 1024 * 1024) });
}

export const oversizedBody: Scenario = {
  id: 'body',
  name: 'oversized JSON bodies',
  run: async (deployment) => {
    const megabytes = Number(process.env.BENCH_BODY_MB ?? 64);
    const copies = Number(process.env.BENCH_BODIES ?? 2);
    const bodies = new Map([
      [PATHS[0], hugeJson(megabytes)],
      [PATHS[1], hugeJson(BATCH_MAX_UPLOAD_MB + 1)],
    ]);
    const sizes = new Map([
      [PATHS[0], megabytes],
      [PATHS[1], BATCH_MAX_UPLOAD_MB + 1],
    ]);
    await resetPeakMemory(deployment.web);
    const health = watchHealth(deployment);
    const answers = await Promise.all(
      PATHS.flatMap((path) =>
        Array.from({ length: copies }, async () => {
          const started = performance.now();
          try {
            const response = await deployment.call(path, {
              method: 'POST',
              body: bodies.get(path),
              headers: { 'content-type': 'application/json' },
            });
            const text = await response.text();
            const code =
              /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? (text ? 'other body' : 'empty body');
            return { path, answer: `${response.status} ${code}`, ms: performance.now() - started };
          } catch (error) {
            return {
              path,
              answer: `dropped (${(error as Error).message})`,
              ms: performance.now() - started,
            };
          }
        }),
      ),
    );
    const healthAnswers = await health.stop();
    const measures: Measure[] = PATHS.map((path) => {
      const mine = answers.filter((answer) => answer.path === path);
      return {
        measure: `${copies} × ${sizes.get(path)} MB to ${path}`,
        value: `${[...new Set(mine.map((answer) => answer.answer))].join(', ')} in ${seconds(Math.max(...mine.map((answer) => answer.ms)))}`,
        target: '413 before parsing',
        isMet: mine.every((answer) => answer.answer.startsWith('413')),
      };
    });
    return [
      ...measures,
      {
        measure: 'web server peak memory',
        value: `${(await peakMemoryMb(deployment.web)).toFixed(0)} MB`,
      },
      {
        measure: 'worst health latency',
        value: `${worstMs(healthAnswers).toFixed(0)} ms`,
        target: 'under 1000 ms',
        isMet: worstMs(healthAnswers) < 1000,
      },
    ];
  },
};
