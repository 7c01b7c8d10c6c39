import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewSummary, RowCells } from '../../src/shared/review';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { FEBRUARY, JANUARY, statementAnswer } from '../support/review-jobs';
import { runRowsmith } from '../support/rowsmith-process';
import { serveWithAccount, type ServedAccount } from '../support/served-account';

// `rowsmith extract --flagged` and `--cells`, run locally and against a server: the model (the
// fake) gives the January statement's third amount as -21.00, which the statement does not hold.

const dir = mkdtempSync(join(tmpdir(), 'rowsmith-cli-review-'));
const january = join(dir, 'january.csv');
const february = join(dir, 'february.csv');
writeFileSync(january, JANUARY);
writeFileSync(february, FEBRUARY);
const COLUMNS = ['--columns', 'date:date,description,amount:number'];

type WithCells = { rows: Record<string, unknown>[]; cells: RowCells[]; review: ReviewSummary };

describe('rowsmith extract --flagged and --cells', () => {
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

  const remote = () => ['--server', served.origin, '--api-key', served.key];

  it.each([
    ['locally', () => []],
    ['on a server', remote],
  ])(
    'lists flagged cells with their reasons on stderr, %s',
    async (_where, where) => {
      const { code, stdout, stderr } = await runRowsmith(
        ['extract', january, ...COLUMNS, '--format', 'json', '--flagged', ...where()],
        { env: modelEnv },
      );
      expect(code, stderr).toBe(0);
      expect(JSON.parse(stdout)).toHaveLength(3);
      expect(stderr).toContain('3 rows, status 200, model');
      expect(stderr).toContain('1 flagged for review');
      const listed = stderr.slice(stderr.indexOf('1 cell flagged for review:')).split('\n');
      expect(listed[1]).toMatch(/^row\s+column\s+value\s+confidence\s+reasons$/);
      expect(listed[2]).toMatch(/^3\s+amount\s+-21\s+0\.20\s+Not found in the source\.$/);
    },
    60_000,
  );

  it.each([
    ['locally', () => []],
    ['on a server', remote],
  ])(
    'prints the cells and the review summary with the rows, %s',
    async (_where, where) => {
      const { code, stdout, stderr } = await runRowsmith(
        ['extract', january, ...COLUMNS, '--format', 'json', '--cells', ...where()],
        { env: modelEnv },
      );
      expect(code, stderr).toBe(0);
      const printed = JSON.parse(stdout) as WithCells;
      expect(printed.rows[2]).toEqual({ date: '2026-01-04', description: 'Train', amount: -21 });
      expect(printed.cells).toHaveLength(3);
      expect(printed.cells[2]?.amount).toMatchObject({
        confidence: 0.2,
        flagged: true,
        reasons: [{ code: 'not_found' }],
      });
      expect(printed.cells[0]?.description?.evidence).toMatchObject({ match: 'exact' });
      expect(printed.review).toEqual({ total: 9, flagged: 1, edited: 0 });
    },
    60_000,
  );

  it('names each flagged cell’s input in a batch, and counts the whole table', async () => {
    const { code, stdout, stderr } = await runRowsmith(
      ['extract', february, january, ...COLUMNS, '--format', 'json', '--cells', '--flagged'],
      { env: modelEnv },
    );
    expect(code, stderr).toBe(0);
    const printed = JSON.parse(stdout) as WithCells;
    expect(printed.rows.map((row) => row.source)).toEqual([
      'february.csv',
      'january.csv',
      'january.csv',
      'january.csv',
    ]);
    expect(printed.cells[3]?.amount?.flagged).toBe(true);
    expect(printed.review).toEqual({ total: 12, flagged: 1, edited: 0 });
    expect(stderr).toMatch(/\njanuary\.csv\s+4\s+amount\s+-21\s+0\.20\s+Not found in the source\./);
  }, 60_000);

  it('asks for JSON with --cells, and says when nothing is flagged', async () => {
    const csv = await runRowsmith(['extract', january, ...COLUMNS, '--cells'], { env: modelEnv });
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('--cells goes with --format json.');
    const clean = await runRowsmith(['extract', february, ...COLUMNS, '--flagged'], {
      env: modelEnv,
    });
    expect(clean.code).toBe(0);
    expect(clean.stderr).toContain('No cells flagged for review.');
  }, 60_000);
});
