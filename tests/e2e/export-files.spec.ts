import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signUpByApi } from './support/accounts';
import { chooseFile, openConverter, setColumns } from './support/converter';
import { runJobWith } from './support/review';
import { expect, test } from './support/fixtures';

// Issue 20 point 9: downloads open right in Excel (CSV in UTF-8 with a byte order mark), are
// named after their source and the time, and keep each number column's decimals from the source
// (CSV text, an XLSX number format). Copy is not a file: no byte order mark.

test.describe.configure({ timeout: 60_000 });

const BOM = [0xef, 0xbb, 0xbf];
const STATEMENT = 'item,amount\nCoffee,3.20\nSalary,"2,000.00"\nTrain,-12.00\nMüsli,4.5\n';

async function download(page: Page, region: Locator, format: 'CSV' | 'XLSX') {
  const waiting = page.waitForEvent('download');
  await region.getByRole('button', { name: `Download ${format}` }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('a run’s CSV and XLSX are named after the file and the time, with its decimals', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const converter = await openConverter(page);
  await chooseFile(page, converter, {
    name: 'Statement March.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(STATEMENT),
  });
  await setColumns(converter, ['item', { name: 'amount', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–4 of 4 rows')).toBeVisible();

  const csv = await download(page, result, 'CSV');
  expect(csv.name).toMatch(/^statement-march_\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual(BOM);
  expect(csv.bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
    'item,amount',
    'Coffee,3.20',
    'Salary,2000.00',
    'Train,-12.00',
    'Müsli,4.50',
    '',
  ]);

  const xlsx = await download(page, result, 'XLSX');
  expect(xlsx.name).toMatch(/^statement-march_\d{4}-\d{2}-\d{2}_\d{4}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(xlsx.bytes).buffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getCell('B2').value).toBe(3.2);
  expect(sheet.getCell('B2').numFmt).toBe('0.00');
  expect(sheet.getCell('B3').value).toBe(2000);
  expect(sheet.getCell('B3').numFmt).toBe('0.00');

  // Copy pastes into a spreadsheet as cells: text, not a file, so no byte order mark.
  await result.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('item\tamount')).toBe(true);
});

test('a batch’s downloads are named after its documents and keep the decimals', async ({
  page,
}) => {
  await signUpByApi(page, 'export-files');
  const { id } = await runJobWith(page, {
    columns: [
      { name: 'product', type: 'text' },
      { name: 'price', type: 'number' },
    ],
    inputs: [
      { text: 'Product: Desk\nPrice: 120.50\n\nProduct: Chair\nPrice: 45' },
      { text: 'Product: Lamp\nPrice: 19.9' },
    ],
  });
  await page.goto(`/extract?job=${id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Finished: 3 rows' })).toBeVisible();
  const batch = page.getByRole('region', { name: 'Result' });

  const csv = await download(page, batch, 'CSV');
  expect(csv.name).toMatch(/^[a-z0-9-]+-and-1-more_\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual(BOM);
  const lines = csv.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
    'Desk,120.50',
    'Chair,45.00',
    'Lamp,19.90',
  ]);

  const xlsx = await download(page, batch, 'XLSX');
  expect(xlsx.name).toMatch(/-and-1-more_\d{4}-\d{2}-\d{2}_\d{4}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(xlsx.bytes).buffer);
  expect(workbook.worksheets[0]!.getCell('C4').value).toBe(19.9);
  expect(workbook.worksheets[0]!.getCell('C4').numFmt).toBe('0.00');
});
