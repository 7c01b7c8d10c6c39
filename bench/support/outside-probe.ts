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

// GETs each address in turn every 100 ms until standard input closes, then prints the slowest
// answer of each in milliseconds, as JSON.
const PROBE = `
const urls = process.argv.slice(1), slowest = urls.map(() => 0);
let isRunning = true;
process.stdin.on('end', () => { isRunning = false; }).resume();
(async () => {
  while (isRunning) {
    for (const [index, url] of urls.entries()) {
      const started = performance.now();
      await fetch(url).then((r) => r.arrayBuffer()).catch(() => {});
      slowest[index] = Math.max(slowest[index], performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.stdout.write(JSON.stringify(slowest));
})();`;

export type ProbeFigures = { slowestMs: number; controlSlowestMs: number };

/** Starts probing `url` (and the control); the answer stops both and gives the slowest times. */
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
    const [slowestMs = Number.NaN, controlSlowestMs = Number.NaN] = JSON.parse(
      output || '[]',
    ) as number[];
    return { slowestMs, controlSlowestMs };
  };
}
