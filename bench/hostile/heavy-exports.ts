// Heavy reading of finished work: eight XLSX exports and a hundred replays of a 3,000-row job's
// events at once, while the web thread must keep answering health checks.
import type { Job, JobAccepted } from '../../src/shared/jobs';
import { probeFromOutside } from '../support/outside-probe';
import { health, peakMemoryMb, timed, type BenchServer, type Timed } from '../support/bench-server';

const ROWS = 3_000;
const VISITORS = 10;
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 8);
const REPLAYS = Number(process.env.BENCH_REPLAYS ?? 100);
const COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
  { name: 'balance', type: 'number' },
];

/** A pasted statement of `rows` transactions. */
function statement(rows: number): string {
  const lines = ['date\tdescription\tamount\tbalance'];
  for (let row = 1; row <= rows; row++) {
    const day = String((row % 28) + 1).padStart(2, '0');
    lines.push(`2026-03-${day}\tCard payment ${row} at Corner Coffee Shop\t-${row}.25\t${row}.75`);
  }
  return lines.join('\n');
}

/** A visitor with its own trial cookie, who runs one job of ROWS rows and waits for its end. */
async function visitorWithJob(base: string): Promise<{ cookie: string; jobId: string }> {
  const accepted = await fetch(`${base}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ columns: COLUMNS, inputs: [{ text: statement(ROWS) }] }),
  });
  if (accepted.status !== 202) throw new Error(`job refused: ${await accepted.text()}`);
  const cookie = accepted.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const { id } = (await accepted.json()) as JobAccepted;
  for (;;) {
    // A poll may meet a kept-alive connection the server is just closing; the next one will do.
    const job = (await fetch(`${base}/api/jobs/${id}`, { headers: { cookie } }).then(
      (response) => response.json(),
      () => ({}),
    )) as Partial<Job>;
    if (job.finished_at) {
      if (job.rows_total !== ROWS) throw new Error(`the job has ${job.rows_total} rows`);
      return { cookie, jobId: id };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export type HeavyExportFigures = {
  idlePeakMb: number;
  peakMb: number;
  idleHealthMs: number;
  slowestHealthMs: number;
  medianHealthMs: number;
  /** From the first request to the last replay's last byte. */
  replaysTotalMs: number;
  /** The slowest answer of a do-nothing server on the same machine, probed the same way. */
  controlSlowestMs: number;
  exports: Timed[];
  replays: Timed[];
};

export async function runHeavyExports(server: BenchServer): Promise<HeavyExportFigures> {
  const { base } = server;
  const visitors = await Promise.all(Array.from({ length: VISITORS }, () => visitorWithJob(base)));
  const idlePeakMb = await peakMemoryMb(server.process.pid!);
  const idle = await Promise.all([1, 2, 3].map(health(base)));
  const stopHealth = await probeFromOutside(`${base}/api/health`);
  const request = (index: number, path: string) => {
    const { cookie, jobId } = visitors[index % VISITORS]!;
    return timed(() => fetch(`${base}/api/jobs/${jobId}${path}`, { headers: { cookie } }));
  };
  const started = performance.now();
  let replaysTotalMs = 0;
  const [exports, replays] = await Promise.all([
    Promise.all(Array.from({ length: EXPORTS }, (_, i) => request(i, '/result?format=xlsx'))),
    Promise.all(Array.from({ length: REPLAYS }, (_, i) => request(i, '/events'))).finally(
      () => (replaysTotalMs = performance.now() - started),
    ),
  ]);
  const probed = await stopHealth();
  return {
    idlePeakMb,
    peakMb: await peakMemoryMb(server.process.pid!),
    idleHealthMs: Math.max(...idle.map((result) => result.ms)),
    slowestHealthMs: probed.slowestMs,
    medianHealthMs: probed.medianMs,
    replaysTotalMs,
    controlSlowestMs: probed.controlSlowestMs,
    exports,
    replays,
  };
}

export const HEAVY_EXPORTS = { rows: ROWS, exports: EXPORTS, replays: REPLAYS, visitors: VISITORS };
