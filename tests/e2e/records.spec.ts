import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { openConverter, pasteText } from './support/converter';
import { expect, test } from './support/fixtures';
import { runJobWith } from './support/review';
import { E2E_PORT } from './support/server';

// Issue 31 point 8: a document's own fields beside its line items, in the browser: the editor's
// "Document fields", the fields panel above the table with the checks that failed, review and a
// field's correction, a batch of receipts seen one row per document and one row per line item.

test.describe.configure({ timeout: 120_000 });

const FIELDS = [
  { name: 'merchant', type: 'text' },
  { name: 'subtotal', type: 'number' },
];
const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];
const SUM_RULE = { type: 'sum', column: 'amount', field: 'subtotal' };

/** A receipt whose lines add up to 96.00; `subtotal` is what it says they come to. */
function receipt(merchant: string, subtotal: string) {
  return [
    `Merchant: ${merchant}`,
    `Subtotal: ${subtotal}`,
    '',
    '| item | amount |',
    '| --- | --- |',
    '| Coffee beans | 40.00 |',
    '| Cake | 56.00 |',
  ].join('\n');
}

/** A new account with the "Receipts" extractor saved, chosen on /extract: its converter. */
async function converterWithReceipts(page: Page, label: string) {
  await signUpByApi(page, label);
  const response = await page.request.post('/api/extractors', {
    data: { name: 'Receipts', fields: FIELDS, columns: COLUMNS, rules: [SUM_RULE] },
    headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const converter = await openConverter(page, '/extract');
  await converter
    .getByRole('group', { name: 'Your saved extractors:' })
    .getByRole('button', { name: 'Receipts' })
    .click();
  return converter;
}

/** The lines of the CSV file Download CSV gives, without the byte-order mark it starts with. */
async function downloadedCsv(page: Page, result: Locator): Promise<string[]> {
  const waiting = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download CSV' }).click();
  const text = (await readFile(await (await waiting).path())).toString('utf8');
  return text.replace(/^\uFEFF/, '').split(/\r?\n/);
}

test('the editor takes document fields with instructions, and fields alone are enough to run', async ({
  page,
}) => {
  const converter = await openConverter(page);
  const fields = converter.getByRole('group', { name: 'Document fields' });
  await fields.getByRole('button', { name: 'Add Field' }).click();
  await expect(converter.getByLabel('Field 1 name')).toBeFocused();
  await page.keyboard.type('merchant');
  await fields.getByRole('button', { name: 'Add Field' }).click();
  await page.keyboard.type('till');
  await fields.getByRole('button', { name: 'Add Field' }).click();
  await page.keyboard.type('subtotal');
  await fields.getByRole('button', { name: 'Add instructions for field 3' }).click();
  await expect(converter.getByLabel('Field 3 instructions')).toBeFocused();
  await page.keyboard.type('Before tax');
  // Removing a field puts the focus on the one that takes its place.
  await fields.getByRole('button', { name: 'Remove field 2' }).click();
  await expect(converter.getByLabel('Field 2 name')).toBeFocused();
  await expect(converter.getByLabel('Field 2 name')).toHaveValue('subtotal');
  expect(await seriousViolations(page)).toEqual([]);

  // No column named: the fields are enough.
  await pasteText(converter, receipt('Corner Cafe', '96.00'));
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  const panel = result.getByRole('grid', { name: 'Document fields' });
  await expect(panel.getByRole('rowheader', { name: 'merchant' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(panel.getByRole('gridcell', { name: /^Corner Cafe/ })).toBeVisible();
  await expect(panel.getByRole('gridcell', { name: /^96/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a failed check flags its values; review walks the fields first, and a field’s correction clears the check', async ({
  page,
}) => {
  const converter = await converterWithReceipts(page, 'records');
  await expect(converter.getByLabel('Field 1 name')).toHaveValue('merchant');
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('amount');
  await expect(converter.getByText('amount adds up to subtotal')).toBeVisible();

  await pasteText(converter, receipt('Corner Cafe', '106.00'));
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  const checks = result.getByRole('region', { name: 'Failed checks' });
  await expect(checks).toContainText('96', { timeout: 20_000 });
  await expect(checks).toContainText('106');
  const panel = result.getByRole('grid', { name: 'Document fields' });
  await expect(panel.getByRole('gridcell', { name: /^106.*flagged for review/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Review starts on the field, before the line items; E edits it from the keyboard.
  await result.getByRole('button', { name: /^Review \d+ cells?$/ }).click();
  const review = result.getByRole('region', { name: 'Review' });
  await expect(review.getByRole('heading', { name: 'subtotal (document field)' })).toBeVisible();
  await expect(panel.getByRole('gridcell', { name: /^106/ })).toBeFocused();
  await page.keyboard.press('e');
  const edit = review.getByLabel('New value for subtotal (document field)');
  await expect(edit).toBeFocused();
  await edit.fill('96.00');
  await page.keyboard.press('Enter');

  // The rules are checked again: the check passes and the values it flagged are no longer.
  await expect(checks).toHaveCount(0, { timeout: 10_000 });
  await expect(panel.getByRole('gridcell', { name: /^96.*\(edited\)/ })).toBeVisible();
  const grid = result.getByRole('grid', { name: 'Extracted rows' });
  await expect(grid.getByRole('gridcell', { name: /flagged for review/ })).toHaveCount(0);
  // Copy and the downloads carry the fields on each line item, corrected.
  const lines = await downloadedCsv(page, result);
  expect(lines[0]).toBe('merchant,subtotal,item,amount');
  expect(lines[1]).toBe('Corner Cafe,96.00,Coffee beans,40.00');
});

test('a result from cache asked of the model again keeps its rules, so its failed check stays', async ({
  page,
}) => {
  const converter = await converterWithReceipts(page, 'records-cache');
  await expect(converter.getByText('amount adds up to subtotal')).toBeVisible();
  await pasteText(converter, receipt('Corner Cafe', '106.00'));
  // Instructions go to the model, so the run is the model's and its result is kept for reuse.
  await converter.getByLabel(/Description/).fill('The receipt and its lines.');
  const runButton = converter.getByRole('button', { name: 'Run', exact: true });
  const result = page.getByRole('region', { name: 'Result' });
  const checks = result.getByRole('region', { name: 'Failed checks' });

  await runButton.click();
  await expect(checks).toContainText('106', { timeout: 20_000 });
  await runButton.click();
  await expect(result.getByText('From cache:')).toBeVisible({ timeout: 20_000 });
  await expect(checks).toContainText('106');

  await result.getByRole('button', { name: 'Ask the model again' }).click();
  await expect(result.getByText('From cache:')).toHaveCount(0, { timeout: 20_000 });
  await expect(result).toContainText(/model call/);
  await expect(checks).toContainText('96');
  await expect(checks).toContainText('106');
});

test('a batch of receipts: one row per document, its items with its fields reviewed by keyboard, and one row per line item', async ({
  page,
}) => {
  await signUpByApi(page, 'records-batch');
  const job = await runJobWith(page, {
    inputs: [{ text: receipt('Corner Cafe', '96.00') }, { text: receipt('Bakery Row', '106.00') }],
    columns: COLUMNS,
    fields: FIELDS,
    rules: [SUM_RULE],
  });
  await page.goto(`/extract?job=${job.id}`);
  const result = page.getByRole('region', { name: 'Result' });
  const documents = result.getByRole('table', { name: 'Documents' });
  await expect(documents.getByRole('row')).toHaveCount(3, { timeout: 20_000 });
  await expect(documents.getByRole('cell', { name: 'Bakery Row' })).toBeVisible();
  await expect(
    documents.getByRole('cell', { name: /^106\.00 \(flagged for review/ }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const byDocument = await downloadedCsv(page, result);
  expect(byDocument[0]).toBe('source,merchant,subtotal,line items');
  expect(byDocument).toHaveLength(4);

  // A document's count opens its items, in the flat table, under its own fields and checks.
  const second = job.documents[1]?.name ?? '';
  await documents.getByRole('button', { name: `2 line items of ${second}` }).click();
  const flat = result.getByRole('switch', { name: 'One row per line item' });
  await expect(flat).toBeChecked();
  const grid = result.getByRole('grid', { name: 'Combined rows' });
  await expect(grid.getByRole('row')).toHaveCount(3);
  // The fields stand once, in the panel above; the grid holds the document's two items.
  await expect(grid.getByRole('gridcell', { name: second, exact: true })).toHaveCount(2);
  await expect(grid.getByRole('columnheader', { name: 'merchant' })).toHaveCount(0);
  const panel = result.getByRole('grid', { name: 'Document fields' });
  await expect(panel.getByRole('gridcell', { name: 'Bakery Row', exact: true })).toBeVisible();
  const checks = result.getByRole('region', { name: 'Failed checks' });
  await expect(checks).toContainText('106.00');
  expect(await seriousViolations(page)).toEqual([]);

  // Review walks that document's field first; E edits it, and the check is made again.
  await result.getByRole('button', { name: /^Review \d+ cells?$/ }).click();
  const review = result.getByRole('region', { name: 'Review' });
  await expect(review.getByRole('heading', { name: 'subtotal (document field)' })).toBeVisible();
  await expect(panel.getByRole('gridcell', { name: /^106\.00/ })).toBeFocused();
  await page.keyboard.press('e');
  const edit = review.getByLabel('New value for subtotal (document field)');
  await expect(edit).toBeFocused();
  await edit.fill('96.00');
  await page.keyboard.press('Enter');
  await expect(checks).toHaveCount(0, { timeout: 10_000 });
  await expect(panel.getByRole('gridcell', { name: /^96\.00.*\(edited\)/ })).toBeVisible();
  const mine = await downloadedCsv(page, result);
  expect(mine.slice(0, 2)).toEqual([
    'source,merchant,subtotal,item,amount',
    `${second},Bakery Row,96.00,Coffee beans,40.00`,
  ]);

  // Review done: closed. All documents, one row per line item, each with its document's fields.
  await review.getByRole('button', { name: 'Close review' }).click();
  await expect(review).toHaveCount(0);
  await result.getByRole('combobox', { name: 'Show rows from' }).click();
  await page.getByRole('option', { name: 'All documents' }).click();
  await expect(grid.getByRole('row')).toHaveCount(5);
  await expect(panel).toHaveCount(0);
  const perItem = await downloadedCsv(page, result);
  expect(perItem[0]).toBe('source,merchant,subtotal,item,amount');
  expect(perItem.filter((line) => line.includes('Corner Cafe'))).toHaveLength(2);
  expect(perItem.filter((line) => line.includes('Bakery Row,96.00,'))).toHaveLength(2);

  // Back to one row per document: the correction is there, unflagged.
  await flat.uncheck();
  await expect(documents).toBeVisible();
  await expect(documents.getByRole('cell', { name: /flagged for review/ })).toHaveCount(0);
  await expect(documents.getByRole('row', { name: /Bakery Row 96\.00/ })).toBeVisible();
});

test('the fields panel and a failed check fit a phone in the dark theme', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const converter = await converterWithReceipts(page, 'records-phone');
  await expect(converter.getByLabel('Field 1 name')).toHaveValue('merchant');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await pasteText(converter, receipt('Corner Cafe', '106.00'));
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('region', { name: 'Failed checks' })).toBeVisible({
    timeout: 20_000,
  });
  await result.getByRole('button', { name: /^Review \d+ cells?$/ }).click();
  await expect(
    result
      .getByRole('region', { name: 'Review' })
      .getByRole('heading', { name: 'subtotal (document field)' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
