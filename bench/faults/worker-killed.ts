// kill -9 of a worker while it runs documents of a batch; a supervisor starts it again. How long
// until each of its documents runs again elsewhere (target: JOB_LEASE_SECONDS + 15 s), and does
// the batch end as if nothing happened?
import { isAlive, peakMemoryMb, resetPeakMemory, type Deployment } from './deployment';
import { checkExactlyOnce } from './exactly-once';
import { seconds, sleep, watchHealth, worstMs, type Measure, type Scenario } from './scenario';

const DOCUMENTS = 16;

type Held = { id: string; started_at: string | null; lease_owner: string | null; status: string };

async function documentsHeldBy(deployment: Deployment, jobId: string, pid: number) {
  const { rows } = await deployment.pool.query<Held>(
    `select id, started_at, lease_owner, status from job_documents
     where job_id = $1 and lease_owner like $2 and status in ('reading', 'extracting')`,
    [jobId, `%:${pid}:%`],
  );
  return rows;
}

/** When each document was claimed again after `since` (null: not yet). */
async function claimedAgain(deployment: Deployment, ids: string[], since: number) {
  const { rows } = await deployment.pool.query<Held>(
    'select id, started_at, lease_owner, status from job_documents where id = any($1)',
    [ids],
  );
  return rows.map((row) => {
    const started = row.started_at ? Date.parse(row.started_at) : 0;
    return started > since ? started : null;
  });
}

export const workerKilled: Scenario = {
  id: 'kill',
  name: 'kill -9 of a worker mid-batch',
  run: async (deployment) => {
    const names = Array.from({ length: DOCUMENTS }, (_, index) => `Kill${index + 1}`);
    const creditsBefore = await deployment.credits();
    await Promise.all([deployment.web, ...deployment.workers].map(resetPeakMemory));
    const health = watchHealth(deployment);
    const jobId = await deployment.submit(names);
    const victim = deployment.workers[0]!;
    let held: Held[] = [];
    while (held.length === 0 || (await deployment.job(jobId)).documents_done < 2) {
      await sleep(200);
      held = await documentsHeldBy(deployment, jobId, victim.child.pid!);
    }
    const killedAt = Date.now();
    const victimPid = victim.child.pid!;
    await victim.stop('SIGKILL');
    // What it held when it died: a document it finished between the last look and the kill is
    // not left behind.
    held = await documentsHeldBy(deployment, jobId, victimPid);
    deployment.workers[0] = await deployment.startWorker();

    const limitMs = (deployment.leaseSeconds + 15) * 1000;
    let claimed: (number | null)[] = [];
    while (Date.now() - killedAt < limitMs + 60_000) {
      claimed = await claimedAgain(
        deployment,
        held.map((document) => document.id),
        killedAt,
      );
      if (claimed.every((at) => at !== null)) break;
      await sleep(200);
    }
    const takeoverMs = claimed.every((at) => at !== null)
      ? Math.max(...claimed.map((at) => at - killedAt))
      : Number.POSITIVE_INFINITY;
    const once = await checkExactlyOnce(deployment, {
      jobId,
      names,
      rows: 12,
      creditsBefore,
    });
    const answers = await health.stop();
    const survivors = [deployment.web, ...deployment.workers];
    const peaks = await Promise.all(survivors.map(peakMemoryMb));
    const measures: Measure[] = [
      {
        measure: `takeover of the killed worker's ${held.length} documents`,
        value: Number.isFinite(takeoverMs) ? seconds(takeoverMs) : 'not taken over',
        target: `under ${deployment.leaseSeconds + 15} s (lease + 15 s)`,
        isMet: takeoverMs < limitMs,
      },
      ...once,
      {
        measure: 'processes alive (web, worker, restarted worker)',
        value: `${survivors.filter(isAlive).length} of ${survivors.length}`,
        target: 'all',
        isMet: survivors.every(isAlive),
      },
      {
        measure: 'peak memory (web / workers)',
        value: peaks.map((mb) => `${mb.toFixed(0)} MB`).join(' / '),
      },
      {
        measure: 'worst health latency',
        value: `${worstMs(answers).toFixed(0)} ms (${answers.filter((a) => a.status === 200).length} of ${answers.length} answered 200)`,
        target: 'under 1000 ms',
        isMet: worstMs(answers) < 1000 && answers.every((a) => a.status === 200),
      },
    ];
    return measures;
  },
};
