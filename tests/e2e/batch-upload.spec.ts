import type { Download, Page } from '@playwright/test';
import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { openConverter, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { SLOW_PARTS_MARKER } from './support/server';

// Several files dropped at once run as one batch (a job): a line per document, the combined
// table with a `source` column as documents finish, a filter by document, the combined CSV; the
// page's address names the job, so a reload in the middle picks the running job up again.

const records = (prefix: string, count: number, from = 1) =>
  Array.from(
    { length: count },
    (_, i) => `Product: ${prefix} ${String(from + i).padStart(3, '0')}\nPrice: ${from + i}`,
  ).join('\n\n');

const FILES = [
  { name: 'desks.txt', text: records('Desk', 3) },
  { name: 'lamps.txt', text: records('Lamp', 2) },
  // Long enough for several parts, one at a time: still running when the others are done.
  { name: 'chairs.txt', text: records('Chair', 600) },
];

async function dropFiles(page: Page, files: { name: string; text: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list)
      transfer.items.add(new File([file.text], file.name, { type: 'text/plain' }));
    return transfer;
  }, files);
  await page.getByTestId('file-drop-zone').dispatchEvent('drop', { dataTransfer });
}

async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

test('three dropped files run as one batch that survives a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpByApi(page, 'batch-upload');
  const converter = await openConverter(page, '/extract');

  await dropFiles(page, FILES);
  const selected = converter.getByRole('group', { name: 'Selected files' });
  await expect(selected.getByRole('listitem')).toHaveCount(3);
  await expect(selected).toContainText('3 files');
  await converter.getByLabel(/Description/).fill(`Every product. ${SLOW_PARTS_MARKER}`);
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(page).toHaveURL(/\/extract\?job=[\w-]+$/);
  const documents = page.getByRole('list', { name: 'Documents' });
  const line = (name: string) => documents.getByRole('listitem').filter({ hasText: name });
  await expect(line('desks.txt')).toContainText('3 rows found', { timeout: 20_000 });
  await expect(line('lamps.txt')).toContainText('2 rows found');
  await expect(line('chairs.txt')).toContainText(/Queued|Reading|Extracting/);
  const table = page.getByRole('grid', { name: 'Combined rows' });
  await expect(table.getByRole('gridcell', { name: 'Lamp 002', exact: true })).toBeVisible();

  // Away to the dashboard and back through New Table: the running batch shows again.
  const address = page.url();
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page.getByRole('link', { name: 'New Table' }).click();
  await expect(page).toHaveURL(address);
  await expect(line('chairs.txt')).toContainText(/Reading|Extracting/);

  // Reload in the middle: the same job, still running, then finishing.
  await page.reload();
  expect(page.url()).toBe(address);
  await expect(
    page.getByRole('status').filter({ hasText: /^Running: 2 of 3 documents done/ }),
  ).toBeVisible();
  await expect(line('desks.txt')).toContainText('3 rows found');
  await expect(line('chairs.txt')).toContainText('600 rows found', { timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Finished: 605 rows' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /^source/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Filter by document.
  await page.getByRole('combobox', { name: 'Show rows from' }).click();
  await page.getByRole('option', { name: 'lamps.txt' }).click();
  await expect(page.getByText('Showing 1–2 of 2 rows')).toBeVisible();
  await expect(table.getByRole('gridcell', { name: 'Lamp 001', exact: true })).toBeVisible();
  await expect(table.getByRole('gridcell', { name: 'desks.txt', exact: true })).toHaveCount(0);

  // The download follows the filter (issue 20 point 8), or takes every row when asked.
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  // CSV files start with a byte order mark, for Excel (issue 20 point 9).
  expect((await textOf(await downloading)).trimEnd().split(/\r?\n/)).toEqual([
    '\uFEFFsource,product,price',
    'lamps.txt,Lamp 001,1',
    'lamps.txt,Lamp 002,2',
  ]);
  await page
    .getByRole('radiogroup', { name: 'Copy and download' })
    .getByRole('radio', { name: 'All rows (605)' })
    .check();
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  // Named after the batch's documents and the time (issue 20 point 9).
  expect(download.suggestedFilename()).toMatch(/^desks-and-2-more_\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
  const lines = (await textOf(download)).trimEnd().split(/\r?\n/);
  expect(lines[0]).toBe('\uFEFFsource,product,price');
  expect(lines).toHaveLength(606);
  expect(lines).toContain('desks.txt,Desk 001,1');
  expect(lines).toContain('lamps.txt,Lamp 002,2');
  expect(lines).toContain('chairs.txt,Chair 600,600');
});

test('a visitor on the home page is told when a batch is larger than the free runs left', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/402 \(Payment Required\)/);
  const converter = await openConverter(page, '/');
  await dropFiles(
    page,
    ['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}.txt`, text: records(name, 1) })),
  );
  await expect(
    converter.getByRole('group', { name: 'Selected files' }).getByRole('listitem'),
  ).toHaveCount(4);
  await setColumns(converter, ['product']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(converter.getByRole('alert')).toHaveText(
    /This batch has 4 documents but you have 3 free extractions left\./,
  );
  await expect(page).toHaveURL(/\/$/);

  // Removing one makes it fit.
  await converter.getByRole('button', { name: 'Remove d.txt' }).click();
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/\/\?job=[\w-]+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Finished: 3 rows' })).toBeVisible({
    timeout: 20_000,
  });
});

test('a document that gives no rows is left out of the combined table, and says why', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpByApi(page, 'batch-no-rows');
  const converter = await openConverter(page, '/extract');
  await dropFiles(page, [
    { name: 'desks.txt', text: records('Desk', 2) },
    {
      name: 'garden.txt',
      text: 'We met on Tuesday to talk about the garden.\n\nEveryone brought a dish to share.',
    },
  ]);
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  const batch = page.getByRole('region', { name: 'Result' });
  await expect(batch.getByRole('status')).toContainText('Finished with problems', {
    timeout: 30_000,
  });
  const lines = batch.getByRole('list', { name: 'Documents' }).getByRole('listitem');
  await expect(lines.filter({ hasText: 'desks.txt' })).toContainText('2 rows found');
  const garden = lines.filter({ hasText: 'garden.txt' });
  await expect(garden).toContainText('No rows found: left out of the table');

  // The combined table holds the rows of data only.
  const grid = batch.getByRole('grid');
  await expect(grid.getByRole('gridcell', { name: 'Desk 001', exact: true })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'garden.txt' })).toHaveCount(0);
  await expect(batch.getByText('Showing 1–2 of 2 rows')).toBeVisible();

  // Asked for, the text of the document comes in, under its name, and its line says so.
  await batch.getByLabel('Show the text of documents with no rows').check();
  await expect(grid.getByRole('gridcell', { name: /We met on Tuesday/ })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'garden.txt' }).first()).toBeVisible();
  await expect(garden).toContainText('as text, not data');
  await batch.getByLabel('Show the text of documents with no rows').uncheck();
  await expect(grid.getByRole('gridcell', { name: /We met on Tuesday/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
