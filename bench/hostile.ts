// Hostile input and heavy use against a real server: `npm run bench:hostile`. Nine rounds, the
// first seven each on a fresh `rowsmith serve` (SQLite, or BENCH_DATABASE_URL), since peak memory
// is a high-water mark:
// 1. the hostile files, two at a time: each answer with its time, the server's peak memory (all
//    its threads, from the kernel's high-water mark) and the slowest health check and small
//    extraction during the run, against the same measured on the idle server first;
// 2. four simultaneous 36-megapixel PNGs: the server's peak memory against its idle peak;
// 3. eight XLSX exports and a hundred replays of a 3,000-row job's events at once: the slowest
//    and median health check against the idle one, and how long the replays took in all;
// 4. schedule saves: 15 saves of a weekly schedule in 5 s, and Run now pressed 15 times in 5 s:
//    the page's fetches, the runs started and the credits taken;
// 5. concurrent limits: 20 requests at once at each limit per user (schedules, extractors, open
//    credit requests, API keys): created against the limit, held after, and the refusals;
// 6. a visitor's job whose results are past their day, the sweep not yet run: what each read of
//    it (events, pictures, corrections, rerun, the same input again) answered, against the same
//    reads while it was kept.
// 7. 23 MB of anonymous `{"k0":1,…}` JSON to each endpoint that takes uploads: each answer, its
//    time and the slowest health check while it was sent, against the idle one;
// 8. with no server, attacks on a watched folder (`rowsmith watch`) by someone who can write in
//    it: links and swaps; what the watcher did, and whether anything outside changed;
// 9. mail to inboxes from a stranger: backscatter (MAIL FROM a victim, to 100 inboxes) and 50
//    attachments in one mail, beside an allowed sender's mail and an open inbox: the SMTP
//    answer, the replies sent and the credits taken; then eight 28 MB mails at once, a mail of
//    20,000 MIME parts and one nested 2,000 deep: the answers, the server's memory added and the
//    slowest health check meanwhile.
// Never part of `npm test`.
import {
  makeHugeImagePdf,
  makeInflationBombPdf,
  makeLyingZip,
  makeManyRowsXlsx,
  makeMergedSheetXlsx,
  makeParagraphFloodDocx,
  makeParagraphFloodHtml,
} from '../tests/fixtures/hostile-fixtures';
import { makeDecompressionBombPng } from '../tests/fixtures/hostile-png-fixtures';
import { runExpiredEvents } from './hostile/expired-events';
import { CONCURRENT_LIMITS, runConcurrentLimits } from './hostile/concurrent-limits';
import { HEAVY_EXPORTS, runHeavyExports } from './hostile/heavy-exports';
import { runInboxAttacks } from './hostile/inbox-senders';
import { runJsonBodies } from './hostile/json-bodies';
import { LARGE_IMAGES, runLargeImages } from './hostile/large-images';
import { runScheduleSaves, SCHEDULE_SAVES, type PressFigures } from './hostile/schedule-saves';
import { runWatchAttacks } from './hostile/watch-attacks';
import {
  health,
  peakMemoryMb,
  startBenchServer,
  timed,
  watch,
  type BenchServer,
  type Timed,
} from './support/bench-server';

const PORT = Number(process.env.BENCH_PORT ?? 4398);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';
const TARGETS = {
  peakMemoryMb: 1536,
  slowestHealthMs: 1000,
  heavyReadingHealthMs: 500,
  mergeMs: 1000,
  jsonAnswerMs: 1000,
  jsonHealthMs: 100,
};

const FILES = [
  { name: 'flood.docx (50 MB of paragraphs)', bytes: makeParagraphFloodDocx(), type: DOCX },
  { name: 'lying.docx (inflates 1.1 GB)', bytes: makeLyingZip('docx'), type: DOCX },
  { name: 'lying.xlsx (inflates 1.1 GB)', bytes: makeLyingZip('xlsx'), type: XLSX },
  { name: 'rows.xlsx (1,000,000 rows)', bytes: makeManyRowsXlsx(), type: XLSX },
  {
    name: 'merged.xlsx (one cell merged over the sheet)',
    bytes: makeMergedSheetXlsx(),
    type: XLSX,
  },
  { name: 'flood.html (5 MB of <p>x</p>)', bytes: makeParagraphFloodHtml(5), type: 'text/html' },
  { name: 'flood.html (20 MB of <p>x</p>)', bytes: makeParagraphFloodHtml(20), type: 'text/html' },
  { name: 'bomb.png (361 megapixels)', bytes: makeDecompressionBombPng(), type: 'image/png' },
  { name: 'bomb.pdf (content inflates to 2 GB)', bytes: await makeInflationBombPdf(), type: PDF },
  { name: 'image.pdf (a 400-megapixel image)', bytes: await makeHugeImagePdf(), type: PDF },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const isAnswered = (result: Timed) => typeof result.status === 'number' && result.status < 500;
/** How many answers had each status: `200 ×7, 503 ×1`. */
function statuses(results: Timed[]): string {
  const counts = new Map<string, number>();
  for (const { status } of results)
    counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status} ×${count}`).join(', ');
}

function sendFile(base: string, file: (typeof FILES)[number]) {
  const form = new FormData();
  const name = file.name.split(' ')[0]!;
  form.set('file', new File([Buffer.from(file.bytes)], name, { type: file.type }));
  return timed(() => fetch(`${base}/api/documents/read`, { method: 'POST', body: form }));
}

const smallRead = (base: string) => () =>
  timed(() =>
    fetch(`${base}/api/extractions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'Item: pen\nPrice: 2',
        columns: [{ name: 'item', type: 'text' }],
      }),
    }),
  );

async function hostileFiles(server: BenchServer) {
  const idleHealth = Math.max(
    ...(await Promise.all([1, 2, 3].map(health(server.base)))).map((r) => r.ms),
  );
  const idleRead = (await smallRead(server.base)(), await smallRead(server.base)()).ms;
  const stopHealth = watch(health(server.base));
  const stopReads = watch(smallRead(server.base));
  const results: (Timed & { name: string })[] = [];
  const queue = [...FILES];
  await Promise.all(
    [1, 2].map(async () => {
      for (let file = queue.shift(); file; file = queue.shift())
        results.push({ name: file.name, ...(await sendFile(server.base, file)) });
    }),
  );
  const slowestHealth = await stopHealth();
  const slowestRead = await stopReads();
  const peak = await peakMemoryMb(server.process.pid!);

  console.log('| file | answer | time |\n| --- | --- | ---: |');
  for (const result of results)
    console.log(`| ${result.name} | ${result.status} | ${seconds(result.ms)} |`);
  const merge = results.find((result) => result.name.startsWith('merged.xlsx'))!;
  console.log('\n| measure | idle | during the run | target |\n| --- | ---: | ---: | --- |');
  console.log(
    `| every file answered with 4xx or 200 | | ${results.every(isAnswered) ? 'yes' : 'NO'} | yes |`,
  );
  console.log(
    `| whole-sheet merge answered | | ${merge.ms.toFixed(0)} ms | under ${TARGETS.mergeMs} ms |`,
  );
  console.log(
    `| server peak memory (all threads) | | ${peak.toFixed(0)} MB | under ${TARGETS.peakMemoryMb} MB |`,
  );
  console.log(
    `| slowest health check | ${idleHealth.toFixed(0)} ms | ${slowestHealth.toFixed(0)} ms | under ${TARGETS.slowestHealthMs} ms |`,
  );
  console.log(
    `| slowest small extraction | ${idleRead.toFixed(0)} ms | ${slowestRead.toFixed(0)} ms | within 200 ms of idle |`,
  );
}

async function largeImages(server: BenchServer) {
  const { idlePeakMb, peakMb, answers } = await runLargeImages(server);
  const kb = (LARGE_IMAGES.bytes / 1024).toFixed(0);
  console.log(
    `\n| ${LARGE_IMAGES.senders} simultaneous ${kb} KB PNGs of 36 megapixels | idle | during | target |`,
  );
  console.log('| --- | ---: | ---: | --- |');
  console.log(
    `| answers | | ${statuses(answers)}, slowest ${seconds(Math.max(...answers.map((a) => a.ms)))} | 200 or a clear 4xx |`,
  );
  console.log(
    `| server peak memory (process tree) | ${idlePeakMb.toFixed(0)} MB | ${peakMb.toFixed(0)} MB | under ${TARGETS.peakMemoryMb} MB |`,
  );
}

async function heavyExports(server: BenchServer) {
  const figures = await runHeavyExports(server);
  const slowest = (results: Timed[]) => seconds(Math.max(...results.map((result) => result.ms)));
  const { rows, exports, replays, visitors } = HEAVY_EXPORTS;
  console.log(
    `\n| ${exports} XLSX exports and ${replays} event replays of ${rows}-row jobs (${visitors} visitors) | idle | during | target |`,
  );
  console.log('| --- | ---: | ---: | --- |');
  console.log(
    `| XLSX exports | | ${statuses(figures.exports)}, slowest ${slowest(figures.exports)} | 200 |`,
  );
  console.log(
    `| event replays | | ${statuses(figures.replays)}, slowest ${slowest(figures.replays)}, all ${seconds(figures.replaysTotalMs)} | 200 |`,
  );
  console.log(
    `| slowest health check | ${figures.idleHealthMs.toFixed(0)} ms | ${figures.slowestHealthMs.toFixed(0)} ms | under ${TARGETS.heavyReadingHealthMs} ms |`,
  );
  console.log(`| median health check | | ${figures.medianHealthMs.toFixed(0)} ms | |`);
  console.log(
    `| slowest answer of a do-nothing server beside it (the machine's own delay) | | ${figures.controlSlowestMs.toFixed(0)} ms | |`,
  );
  console.log(
    `| server peak memory (process tree; idle: after the jobs ran) | ${figures.idlePeakMb.toFixed(0)} MB | ${figures.peakMb.toFixed(0)} MB | under ${TARGETS.peakMemoryMb} MB |`,
  );
}

/** The reads of an expired job: 410 RESULT_EXPIRED each, and the same input not given it. */
async function expiredEvents() {
  const answers = await runExpiredEvents(PORT);
  const said = ({ status, says }: { status: number; says: string }) => `${status} ${says}`;
  console.log('\n| read of a visitor’s job | while kept | its day out, sweep not run | target |');
  console.log('| --- | --- | --- | --- |');
  for (const { read, kept, expired } of answers) {
    const target = read === 'the same invoice run again' ? 'model asked' : '410 RESULT_EXPIRED';
    console.log(`| ${read} | ${said(kept)} | ${said(expired)} | ${target} |`);
  }
}

async function scheduleSaves(server: BenchServer) {
  const { saves, runNow } = await runScheduleSaves(server);
  const { presses, windowMs } = SCHEDULE_SAVES;
  const answers = (figures: PressFigures) =>
    statuses(figures.answers.map((status) => ({ status, ms: 0 })));
  console.log(
    `\n| ${presses} presses in ${windowMs / 1000} s, then ${windowMs / 1000} s of the timer | answers | page fetched | runs started | credits taken | target |`,
  );
  console.log('| --- | --- | ---: | ---: | ---: | --- |');
  console.log(
    `| Save schedule (weekly) | ${answers(saves)} | ${saves.fetches} | ${saves.runs} | ${saves.creditsTaken} | no run, no credit |`,
  );
  console.log(
    `| Run now | ${answers(runNow)} | ${runNow.fetches} | ${runNow.runs} | ${runNow.creditsTaken} | one run a minute |`,
  );
}

async function concurrentLimits(server: BenchServer) {
  const figures = await runConcurrentLimits(server);
  console.log(
    `\n| ${CONCURRENT_LIMITS.atOnce} requests at once | limit | held before | created | held after | refused | target |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | --- | --- |');
  for (const limit of figures)
    console.log(
      `| ${limit.name} | ${limit.limit} | ${limit.heldBefore} | ${limit.created} | ${limit.heldAfter} | ${limit.refusals} | held after at most the limit |`,
    );
}

async function jsonBodies(server: BenchServer) {
  const { idleHealthMs, rows } = await runJsonBodies(server);
  console.log(
    `\n| 23 MB of anonymous {"k0":1,…}, 5 tries each | sent | answers | slowest answer | slowest health check meanwhile |`,
  );
  console.log('| --- | --- | --- | ---: | ---: |');
  console.log(`| idle server, 2 s | | | | ${idleHealthMs.toFixed(0)} ms |`);
  for (const row of rows)
    console.log(
      `| ${row.path} | ${row.sent} | ${row.answers} | ${row.slowestMs.toFixed(0)} ms | ${row.slowestHealthMs.toFixed(0)} ms |`,
    );
  console.log(
    `| target | | 413 | under ${TARGETS.jsonAnswerMs} ms | under ${TARGETS.jsonHealthMs} ms |`,
  );
}

/** Settings a round needs on its server (APP_URL: the bench signs up on it as a browser does). */
const SIGNED_IN = { APP_URL: `http://127.0.0.1:${PORT}` };

/** A round on a fresh server of its own. */
const served =
  (round: (server: BenchServer) => Promise<void>, settings: Record<string, string> = {}) =>
  async () => {
    const server = await startBenchServer(PORT, settings);
    try {
      await round(server);
    } finally {
      await server.stop();
    }
  };

async function watchAttacks() {
  console.log('\n| attack on a watched folder | what the watcher did | outside the folder |');
  console.log('| --- | --- | --- |');
  for (const { attack, happened, outside } of await runWatchAttacks())
    console.log(`| ${attack} | ${happened} | ${outside} |`);
}

/** BENCH_INBOX_PORT: where the round's server receives mail. */
async function inboxAttacks() {
  const smtpPort = Number(process.env.BENCH_INBOX_PORT ?? PORT + 1);
  const { attacks, load } = await runInboxAttacks(PORT, smtpPort);
  console.log('\n| mail to inboxes | SMTP answer | replies sent | credits taken | target |');
  console.log('| --- | --- | ---: | ---: | --- |');
  for (const row of attacks)
    console.log(
      `| ${row.attack} | ${row.answer} | ${row.replies} | ${row.creditsTaken} | ${row.target} |`,
    );
  console.log(
    '\n| heavy mail to an inbox | SMTP answers | server memory added (RSS) | slowest health | do-nothing server | target |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | --- |');
  for (const row of load)
    console.log(
      `| ${row.attack} | ${row.answers} | ${row.addedRssMb} MB | ${row.slowestHealthMs} ms | ${row.controlSlowestMs} ms | ${row.target} |`,
    );
}

const rounds = {
  hostileFiles: served(hostileFiles),
  largeImages: served(largeImages),
  heavyExports: served(heavyExports),
  scheduleSaves: served(scheduleSaves, { ...SIGNED_IN, ...SCHEDULE_SAVES.settings }),
  concurrentLimits: served(concurrentLimits, { ...SIGNED_IN, ...CONCURRENT_LIMITS.settings }),
  // Starts its own server, with the fake model, so that a run is kept for unchanged input.
  expiredEvents,
  jsonBodies: served(jsonBodies),
  // No server: a watcher of its own on a folder of its own.
  watchAttacks,
  // Starts its own server, receiving mail, and an SMTP server for its replies.
  inboxAttacks,
};
const only = process.env.BENCH_ONLY?.split(',');
for (const [name, round] of Object.entries(rounds)) {
  if (only && !only.includes(name)) continue;
  await round();
}
