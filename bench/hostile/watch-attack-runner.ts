// Running `rowsmith watch` on real folders for the watch attacks, and telling whether anything
// outside the watched folder changed.
import { spawn } from 'node:child_process';
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const OFFLINE = { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };

export type Places = { dir: string; outside: string; out: string };

/** Every entry under `dir` and what it holds, to tell whether anything there changed. */
export function snapshot(dir: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const info = lstatSync(join(dir, name));
    entries.set(name, info.isFile() ? readFileSync(join(dir, name), 'hex') : String(info.mode));
  }
  return entries;
}

export function outsideChange(before: Map<string, string>, after: Map<string, string>): string {
  const added = [...after.keys()].filter((name) => !before.has(name)).length;
  const changed = [...before].filter(([name, held]) => after.get(name) !== held).length;
  return added + changed === 0
    ? 'unchanged, 0 files moved outside'
    : `CHANGED: ${added} files moved outside, ${changed} overwritten or removed`;
}

/** Runs a watcher until `isDone` holds for what it said (or it exits), then stops it. */
export async function watchUntil(
  places: Places,
  isDone: (said: string) => boolean,
  env: Record<string, string> = OFFLINE,
  during?: (said: string) => void,
): Promise<{ code: number | null; said: string }> {
  const args = ['watch', places.dir, '--columns', 'item,price:number', '--out', places.out];
  const child = spawn(process.execPath, ['bin/rowsmith.js', ...args, '--settle', '1'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  let code: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (exitCode) => ((code = exitCode), resolve())),
  );
  for (let waited = 0; waited < 60_000 && code === undefined && !isDone(said); waited += 100) {
    during?.(said);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (code === undefined) child.kill('SIGINT');
  await exited;
  return { code: code ?? null, said };
}
