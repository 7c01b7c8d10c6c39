// PostgreSQL goes away in the middle of a batch for BENCH_OUTAGE_SECONDS (default 30): every
// connection through the proxy is reset and new ones are refused, as in a restart, and then it
// comes back. Do the web server and the workers outlive it, does health say so meanwhile and
// recover by itself, and does the batch end as if nothing happened?
import { isAlive, peakMemoryMb, resetPeakMemory } from './deployment';
import { checkExactlyOnce } from './exactly-once';
import { seconds, sleep, watchHealth, worstMs, type Scenario } from './scenario';

const DOCUMENTS = 16;

export const databaseOutage: Scenario = {
  id: 'outage',
  name: 'PostgreSQL away mid-batch',
  run: async (deployment) => {
    const outageMs = Number(process.env.BENCH_OUTAGE_SECONDS ?? 30) * 1000;
    const names = Array.from({ length: DOCUMENTS }, (_, index) => `Outage${index + 1}`);
    const creditsBefore = await deployment.credits();
    await Promise.all([deployment.web, ...deployment.workers].map(resetPeakMemory));
    const jobId = await deployment.submit(names);
    while ((await deployment.job(jobId)).documents_done < 3) await sleep(200);

    const before = watchHealth(deployment);
    await sleep(1_000);
    const healthyAnswers = await before.stop();
    const during = watchHealth(deployment);
    deployment.proxy.cut();
    await sleep(outageMs);
    const outageAnswers = await during.stop();
    const processes = [deployment.web, ...deployment.workers];
    const aliveAtEnd = processes.filter(isAlive).length;

    deployment.proxy.restore();
    const restoredAt = Date.now();
    const after = watchHealth(deployment, 100);
    const isBack = () => after.answers.some((answer) => answer.status === 200);
    while (!isBack() && Date.now() - restoredAt < 60_000) await sleep(50);
    const recoveredMs = Date.now() - restoredAt;
    await after.stop();

    const once = await checkExactlyOnce(deployment, { jobId, names, rows: 12, creditsBefore });
    const peaks = await Promise.all(processes.map(peakMemoryMb));
    const unreachable = outageAnswers.filter(
      (answer) => answer.status === 503 && answer.database === 'unreachable',
    ).length;
    return [
      {
        measure: `processes alive through ${seconds(outageMs)} away (web, workers)`,
        value: `${aliveAtEnd} of ${processes.length}; ${processes.filter(isAlive).length} at the end`,
        target: 'all',
        isMet: aliveAtEnd === processes.length && processes.every(isAlive),
      },
      {
        measure: 'health while away',
        value: `${unreachable} of ${outageAnswers.length} answered 503 database unreachable`,
        target: 'all',
        isMet: unreachable === outageAnswers.length,
      },
      {
        measure: 'worst health latency while away (before it)',
        value: `${worstMs(outageAnswers).toFixed(0)} ms (${worstMs(healthyAnswers).toFixed(0)} ms)`,
        target: 'under 1000 ms',
        isMet: worstMs(outageAnswers) < 1000,
      },
      {
        measure: 'health back to 200 after the database',
        value: isBack() ? seconds(recoveredMs) : 'not within 60 s',
        target: 'by itself',
        isMet: isBack(),
      },
      ...once,
      {
        measure: 'peak memory (web / workers)',
        value: peaks.map((mb) => `${mb.toFixed(0)} MB`).join(' / '),
      },
    ];
  },
};
