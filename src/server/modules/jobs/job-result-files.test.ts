// Issue 20 point 9: the job's table as a file opens right in Excel (UTF-8 with a byte order mark,
// or without one for programs), is named after what it came from and when, and keeps each number
// column's decimals from the source, corrections included.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../../shared/extractors';
import { fileNameTime } from '../../../shared/export-file-name';
import type { Job, JobAccepted, JobResultTable } from '../../../shared/jobs';
import { signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import {
  JANUARY,
  REVIEW_COLUMNS,
  runStatements,
  statementAnswer,
} from '../../../../tests/support/review-jobs';
import { fakeModelSettings, waitForJobEnd } from '../../../../tests/support/test-jobs';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

const BOM = [0xef, 0xbb, 0xbf];

async function download(browser: Browser, job: Job, query: string) {
  const response = await browser.request(`/api/jobs/${job.id}/result?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    disposition: response.headers.get('content-disposition') ?? '',
  };
}

/** The CSV's lines, its byte order mark kept (TextDecoder would drop it unless told not to). */
function csvLines(bytes: Uint8Array): string[] {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).trimEnd().split('\r\n');
}

/** The name the server gives a file made now in `timeZone`: either side of a minute's turn. */
function namesNow(name: string, format: string, timeZone: string, before: Date): string[] {
  return [before, new Date()].map((at) => {
    const { date, time } = fileNameTime(at, timeZone);
    return `attachment; filename="${name}_${date}_${time}.${format}"`;
  });
}

async function runJob(browser: Browser, request: object, files: File[] = []): Promise<Job> {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  form.set('request', JSON.stringify(request));
  const accepted = await browser.request('/api/jobs', { form });
  expect(accepted.status, await accepted.clone().text()).toBe(202);
  return waitForJobEnd(browser, ((await accepted.json()) as JobAccepted).id);
}

describe.each(TEST_DATABASES)('a job’s result files on $name', (database) => {
  let fake: FakeOpenAi;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ behavior: { answer: statementAnswer } });
    app = await createTestApp(database, fakeModelSettings(fake.baseUrl));
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('writes CSV with a byte order mark unless bom=false, numbers with their source decimals', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);

    const table = (await (
      await user.request(`/api/jobs/${job.id}/result`)
    ).json()) as JobResultTable;
    // The model wrote -3.20, 2000 and -21.00: the numbers are numbers, the decimals kept beside.
    expect(table.rows[0]).toMatchObject({ amount: -3.2 });
    expect(table.decimals).toEqual({ amount: 2 });

    const withBom = await download(user, job, 'format=csv');
    expect([...withBom.bytes.slice(0, 3)]).toEqual(BOM);
    expect(csvLines(withBom.bytes)).toEqual([
      '\uFEFFsource,date,description,amount',
      'january.csv,2026-01-02,Coffee,-3.20',
      'january.csv,2026-01-03,Salary,2000.00',
      'january.csv,2026-01-04,Train,-21.00',
      'february.csv,2026-02-01,Rent,-900.00',
    ]);

    const plain = await download(user, job, 'format=csv&bom=false');
    expect([...plain.bytes.slice(0, 6)]).toEqual([...new TextEncoder().encode('source')]);
    expect(csvLines(plain.bytes).slice(1)).toEqual(csvLines(withBom.bytes).slice(1));

    const refused = await user.request(`/api/jobs/${job.id}/result?format=csv&bom=no`);
    expect(refused.status).toBe(400);
  });

  it('keeps the decimals in XLSX as a number format, and a correction’s own decimals', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);
    const made = await user.request(`/api/jobs/${job.id}/corrections`, {
      json: {
        corrections: [
          { document_id: job.documents[0]!.id, row: 2, column: 'amount', value: '-12.125' },
        ],
      },
    });
    expect(made.status, await made.clone().text()).toBe(200);

    const csv = csvLines((await download(user, job, 'format=csv')).bytes);
    expect(csv[1]).toBe('january.csv,2026-01-02,Coffee,-3.20');
    expect(csv[3]).toBe('january.csv,2026-01-04,Train,-12.125');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(user, job, 'format=xlsx')).bytes.slice().buffer);
    const all = workbook.getWorksheet('All documents')!;
    expect(all.getCell('D2').value).toBe(-3.2);
    expect(all.getCell('D2').numFmt).toBe('0.00');
    expect(all.getCell('D3').numFmt).toBe('0.00');
    expect(all.getCell('D4').value).toBe(-12.125);
    expect(all.getCell('D4').numFmt).toBe('0.000');
    // Each document's sheet has its own source's decimals: February wrote -900.
    const february = workbook.getWorksheet('february.csv')!;
    expect(february.getCell('C2').value).toBe(-900);
    expect(february.getCell('C2').numFmt).toBe('0');
  });

  it('names files after the job’s document or documents and the time, in the zone asked for', async () => {
    const user = await signUp(app);
    const before = new Date();
    const single = await runJob(user, { columns: REVIEW_COLUMNS }, [
      new File([JANUARY], 'Statement March.csv', { type: 'text/csv' }),
    ]);
    expect((await download(user, single, 'format=csv')).disposition).toBeOneOf(
      namesNow('statement-march', 'csv', 'UTC', before),
    );
    expect((await download(user, single, 'format=xlsx&tz=Asia/Tokyo')).disposition).toBeOneOf(
      namesNow('statement-march', 'xlsx', 'Asia/Tokyo', before),
    );
    // A zone the server does not know gives UTC rather than a failed download.
    expect((await download(user, single, 'format=csv&tz=Mars/Olympus')).disposition).toBeOneOf(
      namesNow('statement-march', 'csv', 'UTC', before),
    );

    const batch = await runStatements(user);
    expect((await download(user, batch, 'format=csv')).disposition).toBeOneOf(
      namesNow('january-and-1-more', 'csv', 'UTC', before),
    );
  });

  it('names a batch run with a saved extractor or a template after it', async () => {
    const user = await signUp(app);
    const before = new Date();
    const created = await user.request('/api/extractors', {
      json: { name: 'Monthly statements', columns: REVIEW_COLUMNS },
    });
    expect(created.status).toBe(201);
    const extractor = (await created.json()) as Extractor;
    const files = () => [
      new File([JANUARY], 'january.csv', { type: 'text/csv' }),
      new File([JANUARY], 'february.csv', { type: 'text/csv' }),
    ];
    const saved = await runJob(user, { template: extractor.id }, files());
    expect((await download(user, saved, 'format=xlsx')).disposition).toBeOneOf(
      namesNow('monthly-statements', 'xlsx', 'UTC', before),
    );
    const template = await runJob(user, { template: 'transactions' }, files());
    expect((await download(user, template, 'format=csv')).disposition).toBeOneOf(
      namesNow('transactions', 'csv', 'UTC', before),
    );
  });
});
