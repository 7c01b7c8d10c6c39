import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { openConverter, pasteText, setColumns } from './support/converter';
import { runJobWith } from './support/review';
import { expect, test } from './support/fixtures';

// Issue 20 point 8: Copy and every download follow the table as it is shown (its sort, its
// document filter), with a choice of all rows; /docs says so.

test.describe.configure({ timeout: 60_000 });

async function download(page: Page, region: Locator, format: 'CSV' | 'JSON') {
  const waiting = page.waitForEvent('download');
  await region.getByRole('button', { name: `Download ${format}` }).click();
  return (await readFile(await (await waiting).path())).toString('utf8');
}

test('Copy and the downloads follow the sort on screen', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const converter = await openConverter(page);
  await pasteText(converter, 'product\tprice\nDesk\t120\nChair\t45.5\nLamp\t19');
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–3 of 3 rows')).toBeVisible();

  await result.getByRole('columnheader', { name: 'price' }).click();
  await expect(result.getByRole('columnheader', { name: 'price' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await result.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trimEnd().split(/\r?\n/)).toEqual([
    'product\tprice',
    'Lamp\t19.0',
    'Chair\t45.5',
    'Desk\t120.0',
  ]);
  // A byte order mark for Excel, and the price column's one decimal from the source.
  expect((await download(page, result, 'CSV')).trimEnd().split('\r\n')).toEqual([
    '\uFEFFproduct,price',
    'Lamp,19.0',
    'Chair,45.5',
    'Desk,120.0',
  ]);
  expect(JSON.parse(await download(page, result, 'JSON'))).toEqual([
    { product: 'Lamp', price: 19 },
    { product: 'Chair', price: 45.5 },
    { product: 'Desk', price: 120 },
  ]);
  // Nothing is filtered: there is no choice to make.
  await expect(result.getByRole('radiogroup', { name: 'Copy and download' })).toHaveCount(0);
});

test('a batch copies and downloads the document shown, or all its rows', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpByApi(page, 'export-shown');
  const { id, documents } = await runJobWith(page, {
    columns: [
      { name: 'product', type: 'text' },
      { name: 'price', type: 'number' },
    ],
    inputs: [
      { text: 'Product: Desk\nPrice: 120\n\nProduct: Chair\nPrice: 45' },
      { text: 'Product: Lamp\nPrice: 19\n\nProduct: Rug\nPrice: 80' },
    ],
  });
  await page.goto(`/extract?job=${id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Finished: 4 rows' })).toBeVisible();
  const batch = page.getByRole('region', { name: 'Result' });

  // One document, sorted by price: that is what is copied and downloaded.
  await page.getByRole('combobox', { name: 'Show rows from' }).click();
  await page.getByRole('option', { name: documents[1]!.name }).click();
  await expect(batch.getByText('Showing 1–2 of 2 rows')).toBeVisible();
  await batch.getByRole('columnheader', { name: 'price' }).click();
  const choice = batch.getByRole('radiogroup', { name: 'Copy and download' });
  await expect(choice.getByRole('radio', { name: 'Rows shown (2)' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await batch.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trimEnd().split(/\r?\n/)).toEqual([
    'source\tproduct\tprice',
    `${documents[1]!.name}\tLamp\t19`,
    `${documents[1]!.name}\tRug\t80`,
  ]);
  let csv = (await download(page, batch, 'CSV')).trimEnd().split('\r\n');
  expect(csv.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
    'Lamp,19',
    'Rug,80',
  ]);

  // All rows: every document's, in the order of the sort.
  await choice.getByRole('radio', { name: 'All rows (4)' }).check();
  csv = (await download(page, batch, 'CSV')).trimEnd().split('\r\n');
  expect(csv.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
    'Lamp,19',
    'Chair,45',
    'Rug,80',
    'Desk,120',
  ]);
  // The table still shows the one document.
  await expect(batch.getByText('Showing 1–2 of 2 rows')).toBeVisible();
});

test('/docs says what Copy and the downloads hold', async ({ page }) => {
  await page.goto('/docs#web-app');
  const section = page.getByRole('region', { name: 'Quick start: web app' });
  await expect(section).toContainText(
    'Copy and the downloads hold the rows as the table shows them',
  );
});
