import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Starts `rowsmith serve` as a real process on a free port with a fresh data folder. */
async function startServer(settings: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rowsmith-process-'));
  const child = spawn(process.execPath, ['bin/rowsmith.js', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /"url":"(http:\/\/localhost:\d+)"/.exec(output.join(''));
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code}: ${output.join('')}`)),
    );
  });
  return { child, url, dataDir, output };
}

function exitCode(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the server process', () => {
  const started: { child: ChildProcess; dataDir: string }[] = [];
  afterEach(() => {
    for (const { child, dataDir } of started.splice(0)) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('migrates its database at start and reports health', async () => {
    const server = await startServer();
    started.push(server);
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'reachable' });
    expect(server.output.join('')).toContain('0001-contact-and-rate-limits');
  });

  it('finishes an in-flight request on SIGTERM, then closes the database and exits 0', async () => {
    const server = await startServer();
    started.push(server);
    const body = JSON.stringify({
      name: 'Grace',
      email: 'grace@example.com',
      subject: 'Hi',
      message: 'Hello there',
    });
    const { port } = new URL(server.url);

    // Send the headers and half the body, signal, then send the rest.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/contact',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    const exited = exitCode(server.child);

    const { status, text } = await answer;
    expect(status).toBe(201);
    expect(JSON.parse(text)).toHaveProperty('id');
    expect(await exited).toBe(0);
    expect(server.output.join('')).toContain('shutdown complete');
  });

  it('refuses to start with a bad setting and names it', async () => {
    const child = spawn(process.execPath, ['bin/rowsmith.js', 'serve'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitCode(child)).toBe(1);
    expect(stderr).toContain('PORT');
  });

  it.each([['serve'], ['worker']])(
    'says in one line that DATABASE_URL cannot be reached (%s)',
    async (command) => {
      const child = spawn(process.execPath, ['bin/rowsmith.js', command], {
        cwd: ROOT,
        // Nothing listens on port 1.
        env: { ...process.env, DATABASE_URL: 'postgres://rowsmith:hunter2@127.0.0.1:1/rowsmith' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      expect(await exitCode(child)).toBe(1);
      const lines = output.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^DATABASE_URL: cannot connect to postgres:\/\/rowsmith:\*\*\*@127\.0\.0\.1:1\//,
      );
      expect(lines[0]).toContain('ECONNREFUSED');
      expect(output).not.toContain('hunter2');
    },
  );
});
