import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

// Issue 13 point 3: the result grid. Amounts keep the decimals of their column, right-aligned in
// tabular figures; dates read one way; a long note wraps and opens whole; the header stays in
// view; columns fit their content and resize; after Run the result is in view and focused.

// Each test types a statement and picks column types: slow on a busy machine.
test.describe.configure({ timeout: 60_000 });

const NOTE = `Quarterly service agreement ${'covering maintenance, support and updates '.repeat(11)}end.`;
const STATEMENT = [
  'date\tpayee\tamount\tnote',
  `2026-03-01\tRent\t-1883.70\t${NOTE}`,
  '2 March 2026\tFuel\t-566.79\tDiesel',
  'March 3, 2026\tRefund\t12\tCard',
].join('\n');

async function runStatement(page: Page) {
  const converter = await openConverter(page);
  await pasteText(converter, STATEMENT);
  await setColumns(converter, [
    { name: 'date', type: 'Date' },
    'payee',
    { name: 'amount', type: 'Number' },
    'note',
  ]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–3 of 3 rows')).toBeVisible();
  return result;
}

test('numbers keep their column’s decimals, right-aligned in tabular figures; downloads stay exact', async ({
  page,
}) => {
  const result = await runStatement(page);
  const amounts = result.locator('tbody tr td:nth-child(3)');
  await expect(amounts).toHaveText(['-1,883.70', '-566.79', '12.00']);
  const style = await amounts.first().evaluate((cell) => {
    const computed = getComputedStyle(cell);
    return { align: computed.textAlign, numeric: computed.fontVariantNumeric };
  });
  expect(style).toEqual({ align: 'right', numeric: 'tabular-nums' });
  await expect(result.locator('tbody tr td:nth-child(1)')).toHaveText([
    '2026-03-01',
    '2026-03-02',
    '2026-03-03',
  ]);

  const waiting = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile(await (await waiting).path())).toString('utf8').split('\r\n');
  // With the decimals its column has in the source (issue 20 point 9).
  expect(csv[1]).toMatch(/^2026-03-01,Rent,-1883\.70,/);
  expect(csv[2]).toBe('2026-03-02,Fuel,-566.79,Diesel');
});

test('a long value wraps to a few lines in a column that fits it, and opens whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const result = await runStatement(page);
  const long = result.getByRole('gridcell', { name: /^Quarterly service agreement/ });
  const box = (await long.boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.height).toBeLessThan(90);

  await long.click();
  const popover = page.getByRole('dialog', { name: 'Source of note in row 1' });
  await expect(popover).toContainText(NOTE);
  await expect(popover.locator('mark')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(long).toBeFocused();
});

test('after Run the result is in view and focused; the header stays while rows scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const rows = Array.from({ length: 60 }, (_, i) => `Item ${i + 1}\t${(i + 1) * 1.25}`);
  const converter = await openConverter(page);
  await pasteText(converter, ['name\tprice', ...rows].join('\n'));
  await setColumns(converter, ['name', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  const heading = page.getByRole('heading', { name: 'Result' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();

  const result = page.getByRole('region', { name: 'Result' });
  await result.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '100' }).click();
  await expect(result.getByText('Showing 1–60 of 60 rows')).toBeVisible();
  // The box the grid scrolls in.
  const grid = result.getByRole('grid', { name: 'Extracted rows' }).locator('..');
  await grid.evaluate((element) => element.scrollBy(0, 600));
  const header = result.getByRole('columnheader', { name: 'price' });
  const [gridBox, headerBox] = [(await grid.boundingBox())!, (await header.boundingBox())!];
  expect(Math.abs(headerBox.y - gridBox.y)).toBeLessThan(3);
  await expect(result.getByRole('gridcell', { name: '75.00' })).toBeVisible();
});

test('a column is made wider with the keyboard or by dragging its edge', async ({ page }) => {
  const result = await runStatement(page);
  const payee = result.getByRole('columnheader', { name: 'payee' });
  const before = (await payee.boundingBox())!.width;
  const edge = result.getByRole('separator', { name: 'Resize column payee' });
  await edge.focus();
  for (let press = 0; press < 4; press += 1) await edge.press('ArrowRight');
  await expect.poll(async () => (await payee.boundingBox())!.width).toBeGreaterThan(before + 50);

  const widened = (await payee.boundingBox())!.width;
  const handle = (await edge.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x - 40, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await payee.boundingBox())!.width).toBeLessThan(widened - 30);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the grid passes axe in the ${colorScheme} theme and at phone width`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 390, height: 844 });
    const result = await runStatement(page);
    expect(await seriousViolations(page)).toEqual([]);
    await result.getByRole('gridcell', { name: '-566.79' }).click();
    await expect(page.getByRole('dialog').locator('mark')).toHaveText('-566.79');
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
