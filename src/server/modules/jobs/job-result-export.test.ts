import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobAccepted } from '../../../shared/jobs';
import { browserFor, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

// GET /api/jobs/{id}/result in each format, for jobs whose documents or values a spreadsheet
// could choke on.

const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** Pasted text whose first line (the document's name) is `name`, then one record. */
function pasted(name: string, [item, amount]: [string, number]): { text: string } {
  return { text: `${name}\n\nItem: ${item}\nAmount: ${amount}\n` };
}

async function runJob(browser: Browser, inputs: { text: string }[]): Promise<Job> {
  const accepted = await browser.request('/api/jobs', { json: { columns: COLUMNS, inputs } });
  expect(accepted.status).toBe(202);
  const { id } = (await accepted.json()) as JobAccepted;
  for (let attempt = 0; attempt < 300; attempt++) {
    const job = (await (await browser.request(`/api/jobs/${id}`)).json()) as Job;
    if (job.finished_at) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not end`);
}

async function sheetNames(response: Response): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook.worksheets.map((sheet) => sheet.name);
}

describe.each(TEST_DATABASES)('job result exports on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('names each document’s sheet validly, whatever the document is called', async () => {
    const visitor = browserFor(app);
    const job = await runJob(visitor, [
      pasted('History', ['pen', 2]),
      pasted("Bob's list'", ['ink', 3]),
      pasted("'quoted'", ['pad', 4]),
      pasted('history', ['cap', 5]),
      pasted('Q1: [draft] *final*? a/b\\c', ['nib', 6]),
    ]);
    expect(job.status).toBe('succeeded');
    const response = await visitor.request(`/api/jobs/${job.id}/result?format=xlsx`);
    expect(response.status).toBe(200);
    expect(await sheetNames(response)).toEqual([
      'All documents',
      'History (2)',
      "Bob's list",
      'quoted',
      'history (3)',
      'Q1 draft final a b c',
    ]);
  });
});
