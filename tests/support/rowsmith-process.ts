import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export type Finished = { code: number | null; stdout: string; stderr: string };

/** Runs `rowsmith …` as a real process to its end, with `env` over this process's environment. */
export function runRowsmith(
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<Finished> {
  const child = spawn(process.execPath, ['bin/rowsmith.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

export type Running = {
  child: ChildProcess;
  /** Everything the process wrote so far (its JSON log lines). */
  output: string[];
  /** The server's address, for `serve`. */
  url: string;
  /** Ends the process with a signal and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts a long-running `rowsmith serve` or `rowsmith worker` and waits until it says it is ready
 * (a log line matching `ready`); for `serve` the address it listens on is read from its log.
 */
export async function startRowsmith(
  args: string[],
  options: { env: Record<string, string>; ready: RegExp },
): Promise<Running> {
  const child = spawn(process.execPath, ['bin/rowsmith.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const text = output.join('');
      if (!options.ready.test(text)) return;
      const address = /"url":"http:\/\/localhost:(\d+)"/.exec(text)?.[1];
      resolve(address ? `http://127.0.0.1:${address}` : '');
    });
    void exited.then((code) =>
      reject(new Error(`rowsmith exited with ${code}: ${output.join('')}`)),
    );
  });
  return {
    child,
    output,
    url,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
