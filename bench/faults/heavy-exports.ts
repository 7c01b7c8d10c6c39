// XLSX exports of a large job, several at once, while health is watched: how long each takes,
// what the web server's memory and health do. It reports what the app does today (moving
// exports off the web thread is another change's work).
import { peakMemoryMb, resetPeakMemory } from './deployment';
import { seconds, watchHealth, worstMs, type Scenario } from './scenario';

const ROWS_PER_DOCUMENT = 1_000;
const DOCUMENTS = 3;

export const heavyExports: Scenario = {
  id: 'exports',
  name: 'XLSX exports of a large job',
  run: async (deployment) => {
    const exports = Number(process.env.BENCH_EXPORTS ?? 8);
    const names = Array.from({ length: DOCUMENTS }, (_, index) => `Export${index + 1}`);
    const jobId = await deployment.submit(names, ROWS_PER_DOCUMENT);
    const job = await deployment.waitFinished(jobId, 5 * 60_000);
    await resetPeakMemory(deployment.web);
    const health = watchHealth(deployment, 100);
    const times = await Promise.all(
      Array.from({ length: exports }, async () => {
        const started = performance.now();
        const response = await deployment.call(`/api/jobs/${jobId}/result?format=xlsx`);
        const bytes = (await response.arrayBuffer()).byteLength;
        return { status: response.status, bytes, ms: performance.now() - started };
      }),
    );
    const answers = await health.stop();
    const slowest = Math.max(...times.map((time) => time.ms));
    return [
      {
        measure: `${exports} XLSX exports at once of a ${job?.rows_total ?? '?'}-row job`,
        value: `${[...new Set(times.map((time) => time.status))].join(', ')}; ${(times[0]!.bytes / 1024).toFixed(0)} KB each; slowest ${seconds(slowest)}`,
        target: 'all 200',
        isMet: times.every((time) => time.status === 200),
      },
      {
        measure: 'web server peak memory during the exports',
        value: `${(await peakMemoryMb(deployment.web)).toFixed(0)} MB`,
      },
      {
        measure: 'worst health latency',
        value: `${worstMs(answers).toFixed(0)} ms`,
        target: 'under 1000 ms',
        isMet: worstMs(answers) < 1000,
      },
    ];
  },
};
