// Faults and abuse against a deployment as an operator runs one: `npm run bench:faults`. On
// PostgreSQL (BENCH_DATABASE_URL, or TEST_DATABASE_URL; a fresh schema, dropped afterwards,
// reached through a TCP proxy the bench can cut) it starts a web server with RUN_WORKERS=false,
// two `rowsmith worker` processes and the fake model at a realistic speed (0.5 s to the first
// token, 80 tokens a second), measures them idle, then runs each scenario of SCENARIOS in turn
// and prints one table: takeover time, processes alive, rows exactly once, peak memory, worst
// health latency, against their targets. Never part of `npm test`.
//
// Settings: JOB_LEASE_SECONDS (default 60, the app's), BENCH_OUTAGE_SECONDS (30),
// BENCH_BODY_MB (64), BENCH_BODIES (2 per path), BENCH_EXPORTS (8), and BENCH_SCENARIOS to run
// some only (ids: kill, outage, body, exports).
import { databaseOutage } from './faults/database-outage';
import { peakMemoryMb, startDeployment, type Deployment } from './faults/deployment';
import { heavyExports } from './faults/heavy-exports';
import { oversizedBody } from './faults/oversized-body';
import { sleep, watchHealth, worstMs, type Measure, type Scenario } from './faults/scenario';
import { workerKilled } from './faults/worker-killed';

/** In the order they run. A new fault or attack is one file in faults/ and one entry here. */
const SCENARIOS: Scenario[] = [workerKilled, databaseOutage, oversizedBody, heavyExports];

/** The baseline, measured first in the same run: the deployment idle. */
const idle: Scenario = {
  id: 'idle',
  name: 'idle (baseline)',
  run: async (deployment: Deployment) => {
    const health = watchHealth(deployment, 100);
    await sleep(3_000);
    const answers = await health.stop();
    const peaks = await Promise.all(
      [deployment.web, ...deployment.workers].map((running) => peakMemoryMb(running)),
    );
    return [
      { measure: 'worst health latency', value: `${worstMs(answers).toFixed(0)} ms` },
      {
        measure: 'peak memory (web / workers)',
        value: peaks.map((mb) => `${mb.toFixed(0)} MB`).join(' / '),
      },
    ];
  },
};

const cell = (text: string) => text.replaceAll('|', '\\|');

async function main(): Promise<number> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'bench:faults runs on PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).',
    );
    return 1;
  }
  const chosen = process.env.BENCH_SCENARIOS?.split(',').map((id) => id.trim());
  const scenarios = [
    idle,
    ...SCENARIOS.filter((scenario) => !chosen || chosen.includes(scenario.id)),
  ];
  const deployment = await startDeployment(databaseUrl);
  const rows: { scenario: string; measure: Measure }[] = [];
  try {
    for (const scenario of scenarios) {
      console.error(`bench:faults: ${scenario.name}…`);
      const started = performance.now();
      const measures = await scenario
        .run(deployment)
        .catch((error: unknown) => [
          { measure: 'the scenario failed', value: (error as Error).message, isMet: false },
        ]);
      const took = ((performance.now() - started) / 1000).toFixed(0);
      for (const measure of measures)
        rows.push({ scenario: `${scenario.name} (${took} s)`, measure });
    }
  } finally {
    await deployment.stop();
  }
  console.log(`Lease: JOB_LEASE_SECONDS=${deployment.leaseSeconds}\n`);
  console.log('| scenario | measure | value | target | met |\n| --- | --- | --- | --- | --- |');
  for (const { scenario, measure } of rows) {
    const met = measure.isMet === undefined ? '' : measure.isMet ? 'yes' : 'NO';
    console.log(
      `| ${cell(scenario)} | ${cell(measure.measure)} | ${cell(measure.value)} | ${cell(measure.target ?? '')} | ${met} |`,
    );
  }
  const missed = rows.filter((row) => row.measure.isMet === false).length;
  console.log(`\n${missed === 0 ? 'Every target met.' : `Targets NOT met: ${missed}.`}`);
  return 0;
}

process.exitCode = await main();
