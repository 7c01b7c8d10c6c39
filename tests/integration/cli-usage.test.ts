import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRowsmith, type Finished } from '../support/rowsmith-process';

// Issue 20 point 20: the command line answers a mistake with what went wrong and how to call it
// (exit code 2, the usual code for a wrong command line), `--help` on every command prints its
// usage, and no mistake of the caller's ends in a stack trace.

const dir = mkdtempSync(join(tmpdir(), 'rowsmith-cli-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statement = join(dir, 'statement.csv');
writeFileSync(statement, 'Date,Amount\n02/01/2026,3.20\n');

/** Offline, on a data folder of its own: nothing here may reach a model or the real data. */
const rowsmith = (args: string[]) =>
  runRowsmith(args, {
    env: {
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'silent',
    },
  });

const COMMANDS = ['serve', 'read', 'extract', 'suggest', 'worker', 'jobs', 'users', 'credits'];

/** A stack trace's frames ("    at fn (file:1:2)") or Node's own error banner. */
const STACK_TRACE = /^\s+at .+:\d+|node:internal|ERR_[A-Z_]+/m;

function expectUsageError(finished: Finished, command: string, says: RegExp) {
  expect(finished.code, finished.stderr).toBe(2);
  expect(finished.stderr).toMatch(says);
  expect(finished.stderr).toMatch(new RegExp(`Usage:\\s+rowsmith ${command}`));
  expect(finished.stderr).not.toMatch(STACK_TRACE);
  expect(finished.stdout).toBe('');
}

describe('rowsmith <command> --help', () => {
  it.each(COMMANDS)('%s --help prints its usage and exits 0', async (command) => {
    const { code, stdout, stderr } = await rowsmith([command, '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`Usage:\\s+rowsmith ${command}`));
    expect(stderr).toBe('');
  });

  it('-h works too, and the overview names --help for each command', async () => {
    const short = await rowsmith(['jobs', '-h']);
    expect(short.code).toBe(0);
    expect(short.stdout).toMatch(/Usage:\s+rowsmith jobs/);
    const overview = await rowsmith(['--help']);
    expect(overview.code).toBe(0);
    expect(overview.stdout).toContain('rowsmith <command> --help');
  });
});

describe('a wrong command line', () => {
  it.each(COMMANDS)('%s --bogus names the option, prints usage, exits 2', async (command) => {
    expectUsageError(await rowsmith([command, '--bogus']), command, /Unknown option --bogus/);
  });

  it('an option without its value', async () => {
    expectUsageError(await rowsmith(['jobs', 'list', '--limit']), 'jobs', /--limit needs a value/);
  });

  it('a bad column type names the column, the type and the types there are', async () => {
    const finished = await rowsmith(['extract', statement, '--columns', 'date:date,amount:money']);
    expectUsageError(
      finished,
      'extract',
      /Column "amount" has the type "money"; column types are text, number, date, boolean\./,
    );
  });

  it('a missing input, columns, format or template', { timeout: 90_000 }, async () => {
    expectUsageError(await rowsmith(['extract', '--columns', 'a']), 'extract', /Give a file/);
    expectUsageError(
      await rowsmith(['extract', statement]),
      'extract',
      /Say what to extract, with --columns, --fields or --template\./,
    );
    expectUsageError(
      await rowsmith(['extract', statement, '--columns', 'a', '--format', 'pdf']),
      'extract',
      /Unknown format "pdf"; formats are csv, json, xlsx\./,
    );
    expectUsageError(
      await rowsmith(['extract', statement, '--template', 'recipes']),
      'extract',
      /Unknown template "recipes"\. Templates: events, companies.*\. A saved extractor's name works with --server and --api-key\./s,
    );
    expectUsageError(await rowsmith(['read']), 'read', /Give a file/);
    expectUsageError(await rowsmith(['suggest']), 'suggest', /Give a file/);
  });

  // Eight commands one after another: on a busy machine that takes a while.
  it('operator commands without their action or arguments', { timeout: 90_000 }, async () => {
    expectUsageError(await rowsmith(['jobs']), 'jobs', /Say what to do: list, show or cancel/);
    expectUsageError(await rowsmith(['jobs', 'show']), 'jobs', /jobs show needs a job id/);
    expectUsageError(
      await rowsmith(['users', 'remove', 'a@b.c']),
      'users',
      /Unknown action "remove"/,
    );
    expectUsageError(
      await rowsmith(['credits', 'grant', 'a@example.com', 'lots']),
      'credits',
      /The amount is a whole number from 1 to 1000000/,
    );
    expectUsageError(await rowsmith(['serve', 'now']), 'serve', /Unexpected argument "now"/);
    expectUsageError(
      await rowsmith(['serve', '--port', 'eighty']),
      'serve',
      /--port is a port number from 0 to 65535, not "eighty"\./,
    );
    expectUsageError(
      await rowsmith(['worker', '--concurrency', '0']),
      'worker',
      /--concurrency is a whole number of 1 or more, not "0"\./,
    );
  });

  it('an unknown command, or none, prints the overview and exits 2', async () => {
    const unknown = await rowsmith(['extrct']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "extrct"');
    expect(unknown.stderr).toContain('Usage: rowsmith <command>');
    const none = await rowsmith([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: rowsmith <command>');
  });
});

describe('several inputs where one is missing', () => {
  it('names the missing file, runs nothing, and exits 1', async () => {
    const missing = join(dir, 'missing.csv');
    const { code, stdout, stderr } = await rowsmith([
      'extract',
      statement,
      missing,
      '--columns',
      'date:date,amount:number',
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Failed to process file: cannot open ${missing}: there is no such file.`,
    );
    expect(stderr).not.toContain('statement.csv:');
    expect(stderr).not.toMatch(STACK_TRACE);
    expect(stdout).toBe('');
  });

  it('does the same before sending anything to a server', async () => {
    const missing = join(dir, 'gone.pdf');
    const { code, stderr } = await rowsmith([
      'extract',
      statement,
      missing,
      '--columns',
      'a',
      // Nothing listens here: the run must stop at the missing file before any request.
      '--server',
      'http://127.0.0.1:9',
      '--api-key',
      'rsk_test',
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Failed to process file: cannot open ${missing}: there is no such file.`,
    );
    expect(stderr).not.toContain('Cannot reach');
    expect(stderr).not.toMatch(STACK_TRACE);
  });

  it('a folder given as an input is named as a folder', async () => {
    const { code, stderr } = await rowsmith(['extract', dir, statement, '--columns', 'a']);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Failed to process file: cannot open ${dir}: it is a folder, not a file.`,
    );
  });
});

/** A port nothing listens on: one the system just gave out and took back. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('a server that cannot be used', () => {
  it('says why it cannot be reached, not "fetch failed"', async () => {
    const remote = (server: string) =>
      rowsmith(['extract', statement, '--columns', 'a', '--server', server, '--api-key', 'rsk_x']);
    const address = `http://127.0.0.1:${await closedPort()}`;
    const refused = await remote(address);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Cannot reach ${address}: nothing answers at that address (connection refused).`,
    );
    expectUsageError(
      await remote('rowsmith.example.com'),
      'extract',
      /--server is an http or https address, such as https:\/\/rowsmith\.example\.com, not "rowsmith\.example\.com"\./,
    );
  });
});
