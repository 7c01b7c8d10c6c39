import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { E2E_CHUNK_CHARACTERS, PROVIDER_BUSY_MARKER, SLOW_PARTS_MARKER } from './support/server';

// A long text is read in parts (the test server's parts are small); rows appear as each part
// finishes, before the checked result replaces them.

const RECORDS = Array.from(
  { length: 150 },
  (_, i) => `Product: Widget ${String(i + 1).padStart(3, '0')}\nPrice: ${i + 10}`,
).join('\n\n');

test('rows appear part by part while a long text runs', async ({ page }) => {
  expect(RECORDS.length).toBeGreaterThan(E2E_CHUNK_CHARACTERS * 2);
  const converter = await openConverter(page);
  await pasteText(converter, RECORDS);
  await converter.getByLabel(/Description/).fill(`Every product. ${SLOW_PARTS_MARKER}`);
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(page.getByText(/Part 1 of [3-9] done · [1-9]\d* rows so far/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(/^\d+ s elapsed · (about \d+ s left|almost done)$/)).toBeVisible();
  const soFar = page.getByRole('region', { name: 'Rows found so far' });
  await expect(soFar.getByRole('gridcell', { name: 'Widget 001', exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Parts of the content done' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Result' })).toHaveCount(0);

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–25 of 150 rows')).toBeVisible({ timeout: 20_000 });
  await expect(soFar).toHaveCount(0);
});

test('a run says when it waits for the model provider, then finishes', async ({ page }) => {
  const converter = await openConverter(page);
  await pasteText(converter, 'Product: Widget 001\nPrice: 10');
  await converter.getByLabel(/Description/).fill(`Every product. ${PROVIDER_BUSY_MARKER}`);
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting for the model provider' }),
  ).toBeVisible({
    timeout: 10_000,
  });
  // The time left stands still through the wait: no "almost done" under "goes out in 3 s".
  await expect(page.getByText(/^\d+ s elapsed$/)).toBeVisible();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('gridcell', { name: 'Widget 001', exact: true })).toBeVisible({
    timeout: 20_000,
  });
});

test('a reload in the middle of a long run still shows its parts, rows and time left', async ({
  page,
}) => {
  const converter = await openConverter(page);
  // Twice as long as RECORDS: six parts, about ten seconds, so the reload lands mid-run.
  const gadgets = Array.from(
    { length: 300 },
    (_, i) => `Product: Gadget ${String(i + 1).padStart(3, '0')}\nPrice: ${i + 10}`,
  ).join('\n\n');
  await pasteText(converter, gadgets);
  await converter.getByLabel(/Description/).fill(`Every product, again. ${SLOW_PARTS_MARKER}`);
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText(/Part 1 of [3-9] done · [1-9]\d* rows so far/)).toBeVisible({
    timeout: 15_000,
  });

  // The run goes on as its job: the page shows the same progress, not "0 rows so far".
  await page.reload();
  await expect(page).toHaveURL(/\?job=[\w-]+$/);
  const soFar = page.getByRole('region', { name: 'Rows found so far' });
  await expect(soFar.getByRole('gridcell', { name: 'Gadget 001', exact: true })).toBeVisible();
  await expect(page.getByText(/Part [1-9] of [3-9] done · [1-9]\d* rows so far/)).toBeVisible();
  await expect(page.getByText(/^\d+ s elapsed · (about \d+ s left|almost done)$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Parts of the content done' })).toBeVisible();
  await expect(page.getByText(/\b0 rows so far/)).toHaveCount(0);

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–25 of 300 rows')).toBeVisible({ timeout: 20_000 });
  await expect(result).toContainText(/300 rows · .* model calls/);
});
