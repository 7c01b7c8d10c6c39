import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../../src/cli/eval/score-eval';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { JANUARY, statementAnswer } from '../support/review-jobs';
import { runRowsmith } from '../support/rowsmith-process';
import { serveWithAccount, type ServedAccount } from '../support/served-account';

// `rowsmith eval`: the model (the fake) reads the January statement with one wrong amount (-21.00
// for the train's -12.00); the user's reference table holds the right values in their own formats,
// and one more row.

const dir = mkdtempSync(join(tmpdir(), 'rowsmith-cli-eval-'));
const january = join(dir, 'january.csv');
const expected = join(dir, 'expected.csv');
const unrelated = join(dir, 'unrelated.csv');
writeFileSync(january, JANUARY);
writeFileSync(
  expected,
  'Date,Description,Amount,Category\n2 January 2026,Coffee,-3.20,Food\n3 January 2026,Salary,"2,000.00",Income\n4 January 2026,Train,-12.00,Travel\n5 January 2026,Rent,-900,Home\n',
);
writeFileSync(unrelated, 'Name,Age\nAda,36\n');
const RUN = ['--columns', 'date:date,description,amount:number'];

describe('rowsmith eval', () => {
  let fake: FakeOpenAi;
  let modelEnv: Record<string, string>;
  let served: ServedAccount;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ behavior: { answer: statementAnswer } });
    modelEnv = {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
    };
    served = await serveWithAccount(dir, modelEnv);
  }, 60_000);
  afterAll(async () => {
    await served?.server.stop();
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints rows found, accuracy per column, per confidence band and by flag', async () => {
    const { code, stdout, stderr } = await runRowsmith(
      ['eval', january, '--reference', expected, ...RUN],
      { env: modelEnv },
    );
    expect(code, stderr).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('Rows: 4 in the reference, 3 extracted: 3 matched, 1 missing, 0 extra.');
    expect(lines[1]).toBe('Missing (reference rows): 4');
    expect(stdout).toMatch(/\ncolumn\s+cells\s+right\s+accuracy\n/);
    expect(stdout).toMatch(/\ndate\s+3\s+3\s+100\.0%\n/);
    expect(stdout).toMatch(/\namount\s+3\s+2\s+66\.7%\n/);
    expect(stdout).toMatch(/\nall columns\s+9\s+8\s+88\.9%\n/);
    expect(stdout).toMatch(/\n0\.0–0\.3\s+1\s+0\s+0\.0%\n/);
    expect(stdout).toMatch(/\n0\.9–1\.0\s+8\s+8\s+100\.0%\n/);
    expect(stdout).toMatch(/\nflagged\s+1\s+0\s+0\.0%\n/);
    expect(stdout).toMatch(/\nnot flagged\s+8\s+8\s+100\.0%\n/);
    expect(stdout).toContain('Wrong cells flagged: 1 of 1 (100.0%).');
  }, 60_000);

  it('prints the same report as JSON, run locally or on a server', async () => {
    const local = await runRowsmith(['eval', january, '--reference', expected, ...RUN, '--json'], {
      env: modelEnv,
    });
    const remote = await runRowsmith(
      [
        'eval',
        january,
        '--reference',
        expected,
        ...RUN,
        '--json',
        '--server',
        served.origin,
        '--api-key',
        served.key,
      ],
      { env: modelEnv },
    );
    expect(remote.code, remote.stderr).toBe(0);
    const report = JSON.parse(remote.stdout) as EvalReport;
    expect(report).toEqual(JSON.parse(local.stdout));
    expect(report.rows).toMatchObject({ matched: 3, missing: 1, extra: 0, missing_rows: [4] });
    expect(report.columns.map((column) => [column.name, column.right, column.cells])).toEqual([
      ['date', 3, 3],
      ['description', 3, 3],
      ['amount', 2, 3],
    ]);
    expect(report.wrong_flagged).toEqual({ wrong: 1, flagged: 1, share: 1 });
    expect(report.threshold).toBeNull();
  }, 60_000);

  it('says what is wrong with the reference or the options', async () => {
    const none = await runRowsmith(['eval', january, '--reference', unrelated, ...RUN], {
      env: modelEnv,
    });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(
      'The reference has none of the columns extracted (date, description, amount).',
    );
    const missing = await runRowsmith(
      ['eval', january, '--reference', join(dir, 'nope.csv'), ...RUN],
      {
        env: modelEnv,
      },
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Cannot read the reference ${join(dir, 'nope.csv')}`);
    const threshold = await runRowsmith(
      ['eval', january, '--reference', expected, ...RUN, '--threshold', '2'],
      { env: modelEnv },
    );
    // A wrong command line is a usage mistake: exit 2 with the usage (issue 20).
    expect(threshold.code).toBe(2);
    expect(threshold.stderr).toContain('--threshold is a number from 0 to 1.');
    expect(threshold.stderr).toContain('Usage: rowsmith eval');
  }, 60_000);
});
