import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

// Issue 20 point 19: the result is one Tab stop with arrow keys between its cells (the ARIA grid
// pattern), shows 25 rows a page by default and remembers the size chosen.

test.describe.configure({ timeout: 60_000 });

const ITEMS = Array.from({ length: 60 }, (_, i) => `Item ${i + 1}\t${(i + 1) * 1.25}`);

async function runItems(page: Page) {
  const converter = await openConverter(page);
  await pasteText(converter, ['name\tprice', ...ITEMS].join('\n'));
  await setColumns(converter, ['name', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('grid', { name: 'Extracted rows' })).toBeVisible();
  return { converter, result };
}

/** The cell that has the focus, by its text: a value's cell, or a header's sort button. */
async function expectFocusOn(grid: Locator, role: 'gridcell' | 'columnheader', name: string) {
  const cell =
    role === 'gridcell'
      ? grid.getByRole('gridcell', { name, exact: true })
      : grid.getByRole('columnheader', { name: new RegExp(`^${name}\\b`) }).getByRole('button');
  await expect(cell).toBeFocused();
}

test('the result grid is one Tab stop; the arrow keys, Home, End, Page Up, Page Down and Ctrl+Home/End move between its cells', async ({
  page,
}) => {
  const { result } = await runItems(page);
  const grid = result.getByRole('grid', { name: 'Extracted rows' });
  await expect(result.getByText('Showing 1–25 of 60 rows')).toBeVisible();

  // Into the grid with one Tab (from the row filter just above it), out of it with the next.
  await result
    .getByRole('radiogroup', { name: 'Show' })
    .getByRole('radio', { name: 'All rows' })
    .focus();
  await page.keyboard.press('Tab');
  await expectFocusOn(grid, 'columnheader', 'name');
  await page.keyboard.press('Tab');
  await expect(result.getByRole('combobox', { name: 'Rows per page' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expectFocusOn(grid, 'columnheader', 'name');
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

  await page.keyboard.press('ArrowDown');
  await expectFocusOn(grid, 'gridcell', 'Item 1');
  await page.keyboard.press('ArrowRight');
  await expectFocusOn(grid, 'gridcell', '1.25');
  await page.keyboard.press('ArrowDown');
  await expectFocusOn(grid, 'gridcell', '2.50');
  await page.keyboard.press('Home');
  await expectFocusOn(grid, 'gridcell', 'Item 2');
  await page.keyboard.press('End');
  await expectFocusOn(grid, 'gridcell', '2.50');
  // Still one Tab stop: the cell with the focus.
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

  // Page Down shows the next page of rows, in the same place.
  await page.keyboard.press('PageDown');
  await expect(result.getByText('Showing 26–50 of 60 rows')).toBeVisible();
  await expectFocusOn(grid, 'gridcell', '33.75');
  await page.keyboard.press('PageUp');
  await expect(result.getByText('Showing 1–25 of 60 rows')).toBeVisible();
  await expectFocusOn(grid, 'gridcell', '2.50');
  await page.keyboard.press('Control+End');
  await expect(result.getByText('Showing 51–60 of 60 rows')).toBeVisible();
  await expectFocusOn(grid, 'gridcell', '75.00');
  await page.keyboard.press('Control+Home');
  await expect(result.getByText('Showing 1–25 of 60 rows')).toBeVisible();
  await expectFocusOn(grid, 'columnheader', 'name');

  // Enter on a header sorts; F2 reaches its resize handle, and Escape comes back.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('columnheader', { name: 'price' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expectFocusOn(grid, 'columnheader', 'price');
  await page.keyboard.press('F2');
  await expect(grid.getByRole('separator', { name: 'Resize column price' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expectFocusOn(grid, 'columnheader', 'price');

  // Enter on a value opens its source; Escape gives the focus back to the cell.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await expectFocusOn(grid, 'gridcell', 'Item 1');
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Source of name in row 1' });
  await expect(popover.locator('mark')).toHaveText('Item 1');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expectFocusOn(grid, 'gridcell', 'Item 1');
});

test('the result shows 25 rows a page and remembers the size chosen', async ({ page }) => {
  const { converter, result } = await runItems(page);
  await expect(result.getByText('Showing 1–25 of 60 rows')).toBeVisible();
  await expect(result.getByRole('row')).toHaveCount(26);

  await result.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '50' }).click();
  await expect(result.getByText('Showing 1–50 of 60 rows')).toBeVisible();

  // The next result, and the next visit, use the size chosen.
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(result.getByText('Showing 1–50 of 60 rows')).toBeVisible();
  await page.reload();
  const again = await runItems(page);
  await expect(again.result.getByText('Showing 1–50 of 60 rows')).toBeVisible();
  await expect(again.result.getByRole('combobox', { name: 'Rows per page' })).toHaveText('50');
});
