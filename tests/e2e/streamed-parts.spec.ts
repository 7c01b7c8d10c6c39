import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { E2E_CHUNK_CHARACTERS, SLOW_PARTS_MARKER } from './support/server';

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

  await expect(page.getByText(/Part 1 of [3-9] done/)).toBeVisible({ timeout: 15_000 });
  const soFar = page.getByRole('region', { name: 'Rows found so far' });
  await expect(soFar.getByRole('gridcell', { name: 'Widget 001', exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Parts of the content done' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Result' })).toHaveCount(0);

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–25 of 150 rows')).toBeVisible({ timeout: 20_000 });
  await expect(soFar).toHaveCount(0);
});
