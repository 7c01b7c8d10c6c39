// Health probed from outside the benchmark's own process, beside a do-nothing server probed the
// same way. A benchmark that loads the server with a hundred streams is itself busy reading them
// and would count its own delays; and on a shared machine every process waits for a core now and
// then. What the do-nothing server's slowest answer took is that machine's delay, measured in
// the same run: the server's own delay is what its slowest answer took beyond it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

// Plain JavaScript, run by `node -e`. The control answers at once and prints its port.
const CONTROL = `
const server = require('node:http').createServer((request, response) => response.end('ok'));
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));`;

// GETs each address in turn every 100 ms until standard input closes, then prints each one's
// answer times in milliseconds, as JSON.
const PROBE = `
const urls = process.argv.slice(1), times = urls.map(() => []);
let isRunning = true;
process.stdin.on('end', () => { isRunning = false; }).resume();
(async () => {
  while (isRunning) {
    for (const [index, url] of urls.entries()) {
      const started = performance.now();
      await fetch(url).then((r) => r.arrayBuffer()).catch(() => {});
      times[index].push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.stdout.write(JSON.stringify(times));
})();`;

export type ProbeFigures = { slowestMs: number; medianMs: number; controlSlowestMs: number };

const slowest = (times: number[]) => (times.length === 0 ? Number.NaN : Math.max(...times));
const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Starts probing `url` (and the control); the answer stops both and gives the slowest times, and
 * the median of `url`'s.
 */
export async function probeFromOutside(url: string): Promise<() => Promise<ProbeFigures>> {
  const control = spawn(process.execPath, ['-e', CONTROL], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [portLine] = (await once(control.stdout, 'data')) as [Buffer];
  const controlUrl = `http://127.0.0.1:${portLine.toString().trim()}/`;
  const probe = spawn(process.execPath, ['-e', PROBE, url, controlUrl], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  probe.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(probe, 'exit');
  return async () => {
    probe.stdin.end();
    await exited;
    control.kill();
    const [times = [], controlTimes = []] = JSON.parse(output || '[]') as number[][];
    return {
      slowestMs: slowest(times),
      medianMs: median(times),
      controlSlowestMs: slowest(controlTimes),
    };
  };
}
