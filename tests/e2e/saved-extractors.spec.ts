import type { Locator } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signUpByApi } from './support/accounts';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { E2E_PORT } from './support/server';

// Issue 14 points 5 and 6: a signed-in user saves the columns and description under a name,
// picks them again beside the templates, edits and deletes them; and after a run, edits the
// columns and runs again on what was already read, for one more credit.

const TSV = 'product\tprice\tstock\nDesk\t120\t4\nChair\t45\t10\nLamp\t19.5\t7';

test.describe.configure({ timeout: 90_000 });

test('save, use, edit and delete an extractor', async ({ page }) => {
  await signUpByApi(page, 'extractors');
  let converter = await openConverter(page, '/extract');
  const saved = converter.getByRole('group', { name: 'Your saved extractors:' });
  await expect(saved).toContainText('None yet.');

  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByLabel(/description/i).fill('Furniture only');
  await saved.getByRole('button', { name: 'Save as extractor' }).click();
  let dialog = page.getByRole('dialog', { name: 'Save as extractor' });
  await dialog.getByLabel('Name').fill('Price list');
  expect(await seriousViolations(page), 'save dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Save extractor' }).click();
  await expect(dialog).toBeHidden();
  await expect(saved.getByRole('button', { name: 'Price list', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Picked over changed columns, it says what it replaced below its buttons: nothing moves under
  // the pointer (Delete, pressed next, stays where it was).
  await converter.getByLabel('Column 1 name').fill('item');
  const remove = saved.getByRole('button', { name: 'Delete “Price list”' });
  // Where it sits on the page, whatever the page's scroll (a click may scroll its button into view).
  const placeOf = (button: Locator) =>
    button.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const before = await placeOf(remove);
  await saved.getByRole('button', { name: 'Price list', exact: true }).click();
  await expect(converter.getByRole('status').filter({ hasText: 'were replaced' })).toBeVisible();
  expect(await placeOf(remove)).toBe(before);

  // A fresh form: the extractor fills the columns and the description, and runs.
  converter = await openConverter(page, '/extract');
  await converter.getByRole('button', { name: 'Price list', exact: true }).click();
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('product');
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('price');
  await expect(converter.getByLabel(/description/i)).toHaveValue('Furniture only');
  await pasteText(converter, TSV);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–3 of 3 rows')).toBeVisible();
  await expect(result.getByRole('gridcell', { name: 'Lamp' })).toBeVisible();

  // Edit: rename a column and save it into the extractor.
  await converter.getByLabel('Column 2 name').fill('unit price');
  await converter.getByRole('button', { name: 'Edit “Price list”' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit “Price list”' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  // Back on the button that opened the dialog, not at the top of the page.
  await expect(converter.getByRole('button', { name: 'Edit “Price list”' })).toBeFocused();
  converter = await openConverter(page, '/extract');
  await converter.getByRole('button', { name: 'Price list', exact: true }).click();
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('unit price');

  await converter.getByRole('button', { name: 'Delete “Price list”' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete “Price list”?' });
  await dialog.getByRole('button', { name: 'Delete extractor' }).click();
  await expect(converter.getByRole('button', { name: 'Price list', exact: true })).toHaveCount(0);
  await expect(converter.getByText('None yet.')).toBeVisible();
  // Delete is gone with the extractor: the keyboard lands on Save as extractor.
  await expect(converter.getByRole('button', { name: 'Save as extractor' })).toBeFocused();
});

test('edit the columns of a result and run again without reading again', async ({ page }) => {
  await signUpByApi(page, 'rerun');
  const converter = await openConverter(page, '/extract');
  await pasteText(converter, TSV);
  await setColumns(converter, ['product']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–3 of 3 rows')).toBeVisible();

  await result.getByRole('button', { name: 'Edit columns and run again' }).click();
  await expect(converter.getByLabel('Column 1 name')).toBeFocused();
  await expect(converter.getByRole('status').filter({ hasText: 'Running again' })).toBeVisible();
  // The content is not needed again: clearing it changes nothing.
  await converter.getByLabel('Text to convert').fill('');
  await converter.getByRole('button', { name: 'Add Column' }).click();
  await converter.getByLabel('Column 2 name').fill('stock');
  await converter.getByRole('button', { name: 'Run again' }).click();

  const again = page.getByRole('region', { name: 'Result' });
  // A one-document job ends as that run's result (issue 20 point 10), now with the new column.
  await expect(again.getByRole('columnheader', { name: /stock/ })).toBeVisible({ timeout: 20_000 });
  await expect(again.getByRole('gridcell', { name: 'Chair' })).toBeVisible();
  const credits = await page.request.get('/api/account/credits');
  expect(await credits.json()).toMatchObject({ credits_remaining: 8 });
  expect(await seriousViolations(page), 'after a run again').toEqual([]);
});

// The walk of issue 32: at 390 px a long name pushed the page 35 px wider than the screen, and
// the extractor's buttons and panel ran off its edge.
test('a long extractor name stays inside a phone’s screen in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpByApi(page, 'extractor-long-name');
  const name = 'Mobile receipts with a rather long descriptive name for the shop';
  const created = await page.request.post('/api/extractors', {
    data: { name, columns: [{ name: 'item', type: 'text' }] },
    headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(created.status()).toBe(201);
  const converter = await openConverter(page, '/extract');
  const saved = converter.getByRole('group', { name: 'Your saved extractors:' });
  await saved.getByRole('button', { name, exact: true }).click();
  const panel = converter.getByRole('region', { name: `“${name}” on its own` });
  await expect(panel.getByRole('group', { name: 'Webhook' })).toBeVisible();

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  for (const button of [
    saved.getByRole('button', { name: `Edit “${name}”` }),
    saved.getByRole('button', { name: `Delete “${name}”` }),
  ]) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
});
