// JSON bodies far larger than any request needs, sent at once by an anonymous client to sign-in
// and to the jobs API while health is watched: what the server answers, how long it takes, what
// it costs in memory.
// Sign-in takes BODY_LIMIT_KB (1 MB) at most; the jobs API is an upload (its JSON inputs carry
// whole texts), capped at BATCH_MAX_UPLOAD_MB (100 MB), so it gets a body just past that.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { peakMemoryMb, resetPeakMemory } from './deployment';
import { seconds, watchHealth, worstMs, type Measure, type Scenario } from './scenario';

const BATCH_MAX_UPLOAD_MB = 100;
const PATHS = ['/api/auth/sign-in/email', '/api/jobs'];

// Plain JavaScript, run by `node -e` with the web server's address and the sends as JSON: builds
// each body, posts them all at once as an anonymous client, prints each answer and its time.
// In a process of its own: writing 330 MB from this one would stall the database proxy that
// lives here, and health, which asks the database, would count the bench's delay as the server's.
const SENDER = `
const [url, sends] = [process.argv[1], JSON.parse(process.argv[2])];
const body = (megabytes) => new TextEncoder().encode(
  JSON.stringify({ email: 'x@example.com', password: 'x'.repeat(megabytes * 1024 * 1024) }));
const bodies = new Map(sends.map(({ megabytes }) => [megabytes, body(megabytes)]));
(async () => {
  const answers = await Promise.all(sends.map(async ({ path, megabytes }) => {
    const started = performance.now();
    try {
      const response = await fetch(url + path, { method: 'POST', body: bodies.get(megabytes),
        headers: { 'content-type': 'application/json', origin: url } });
      const text = await response.text();
      const code = /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? (text ? 'other body' : 'empty body');
      return { path, answer: response.status + ' ' + code, ms: performance.now() - started };
    } catch (error) {
      return { path, answer: 'dropped (' + error.message + ')', ms: performance.now() - started };
    }
  }));
  process.stdout.write(JSON.stringify(answers));
})();`;

type Answer = { path: string; answer: string; ms: number };

/** Sends every body at once from a process of its own, once health is being watched. */
async function sendFromOutside(
  url: string,
  sends: { path: string; megabytes: number }[],
  onReady: () => void,
): Promise<Answer[]> {
  const sender = spawn(process.execPath, ['-e', SENDER, url, JSON.stringify(sends)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onReady();
  let output = '';
  sender.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await once(sender, 'exit');
  return JSON.parse(output || '[]') as Answer[];
}

export const oversizedBody: Scenario = {
  id: 'body',
  name: 'oversized JSON bodies',
  run: async (deployment) => {
    const megabytes = Number(process.env.BENCH_BODY_MB ?? 64);
    const copies = Number(process.env.BENCH_BODIES ?? 2);
    const sizes = new Map([
      [PATHS[0], megabytes],
      [PATHS[1], BATCH_MAX_UPLOAD_MB + 1],
    ]);
    await resetPeakMemory(deployment.web);
    let health: ReturnType<typeof watchHealth> | undefined;
    const answers = await sendFromOutside(
      deployment.web.url,
      PATHS.flatMap((path) =>
        Array.from({ length: copies }, () => ({ path, megabytes: sizes.get(path) ?? 0 })),
      ),
      () => (health = watchHealth(deployment)),
    );
    const healthAnswers = (await health?.stop()) ?? [];
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
