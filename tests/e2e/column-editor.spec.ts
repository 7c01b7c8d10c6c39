import { seriousViolations } from './support/axe';
import { signUpByApi } from './support/accounts';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

// Issue 20 point 19: the template in use is shown as selected, and columns replaced by a template
// or by Suggest Columns come back with Undo. Issue 19 point 5: each column takes instructions for
// the model; templates bring theirs, and saved extractors keep them.

test.describe.configure({ timeout: 60_000 });

test('the chosen template is shown as selected, and replaced columns come back with Undo', async ({
  page,
}) => {
  const converter = await openConverter(page);
  const templates = converter.getByRole('group', { name: 'Start from a template:' });
  await setColumns(converter, ['vendor', { name: 'paid', type: 'Number' }]);

  await templates.getByRole('button', { name: 'Invoice' }).click();
  await expect(templates.getByRole('button', { name: 'Invoice' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(templates.getByRole('button', { name: 'Events' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // The Invoice template is a record: its number is a document field, its lines the columns.
  await expect(converter.getByLabel('Field 1 name')).toHaveValue('invoice_number');
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('item');
  const replaced = converter.getByRole('status').filter({ hasText: 'Invoice template' });
  await expect(replaced).toContainText('Your 2 columns were replaced');
  expect(await seriousViolations(page)).toEqual([]);

  await converter.getByRole('button', { name: 'Undo' }).click();
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('vendor');
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('paid');
  await expect(converter.getByRole('combobox', { name: 'Column 2 type' })).toHaveText('Number');
  await expect(converter.getByLabel('Column 3 name')).toHaveCount(0);
  await expect(converter.getByLabel('Field 1 name')).toHaveCount(0);
  await expect(templates.getByRole('button', { name: 'Invoice' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(converter.getByLabel('Column 1 name')).toBeFocused();
  await expect(converter.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  // Suggest Columns replaces them too, and Undo brings them back.
  await pasteText(converter, 'product\tprice\nDesk\t120\nChair\t45');
  await converter.getByRole('button', { name: 'Suggest Columns' }).click();
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('product');
  await expect(
    converter.getByRole('status').filter({ hasText: 'suggested columns' }),
  ).toContainText('Your 2 columns were replaced');
  await converter.getByRole('button', { name: 'Undo' }).click();
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('vendor');
});

test('each column takes instructions for the model; templates bring theirs and extractors keep them', async ({
  page,
}) => {
  await signUpByApi(page, 'column-instructions');
  let converter = await openConverter(page, '/extract');

  // A template's columns come with their instructions.
  await converter.getByRole('button', { name: 'Products' }).click();
  await converter.getByRole('button', { name: 'Edit instructions for column 2' }).click();
  await expect(converter.getByLabel('Column 2 instructions')).toHaveValue(
    'Price as a plain number, without the currency sign',
  );

  // A column of one's own: instructions written in the editor.
  await converter.getByRole('button', { name: 'Clear' }).click();
  await setColumns(converter, ['payee', { name: 'amount', type: 'Number' }]);
  const toggle = converter.getByRole('button', { name: 'Add instructions for column 2' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await converter.getByLabel('Column 2 instructions').fill('Money out as a negative number');
  expect(await seriousViolations(page)).toEqual([]);
  // Renaming the column keeps what was written for it.
  await converter.getByLabel('Column 2 name').fill('amount_paid');
  await expect(converter.getByLabel('Column 2 instructions')).toHaveValue(
    'Money out as a negative number',
  );

  // Saved with an extractor, and back with it.
  const saved = converter.getByRole('group', { name: 'Your saved extractors:' });
  await saved.getByRole('button', { name: 'Save as extractor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as extractor' });
  await dialog.getByLabel('Name').fill('Payments');
  await dialog.getByRole('button', { name: 'Save extractor' }).click();
  await expect(dialog).toBeHidden();

  converter = await openConverter(page, '/extract');
  await converter.getByRole('button', { name: 'Payments', exact: true }).click();
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('amount_paid');
  await converter.getByRole('button', { name: 'Edit instructions for column 2' }).click();
  await expect(converter.getByLabel('Column 2 instructions')).toHaveValue(
    'Money out as a negative number',
  );
  await expect(
    converter.getByRole('button', { name: 'Add instructions for column 1' }),
  ).toBeVisible();

  // And they go with the run (the server puts them in the model's prompt).
  await pasteText(converter, 'Paid to: Corner Cafe\nAmount: -4.50');
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/extractions'),
  );
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  // Pasted text goes as a multipart form (decision 032); its `columns` field is JSON.
  const request = await sent;
  const contentType = (await request.headerValue('content-type')) ?? '';
  const form = await new Response(new Uint8Array(request.postDataBuffer() ?? []), {
    headers: { 'content-type': contentType },
  }).formData();
  const columns = JSON.parse(form.get('columns') as string) as unknown[];
  expect(columns[1]).toEqual({
    name: 'amount_paid',
    type: 'number',
    description: 'Money out as a negative number',
  });
  await expect(page.getByRole('region', { name: 'Result' })).toBeVisible({ timeout: 20_000 });
});

// Issue 32 point 10: the button left the focus on itself, so what was typed next went nowhere.
test('Add instructions puts the cursor in the field it opens, by mouse and by keyboard', async ({
  page,
}) => {
  const converter = await openConverter(page);
  await setColumns(converter, ['payee', { name: 'amount', type: 'Number' }]);

  await converter.getByRole('button', { name: 'Add instructions for column 2' }).click();
  await page.keyboard.type('Money out as a negative number');
  await expect(converter.getByLabel('Column 2 instructions')).toHaveValue(
    'Money out as a negative number',
  );

  // From the keyboard: Enter on one column's button, Space on the other's.
  await converter.getByLabel('Column 1 name').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(
    converter.getByRole('button', { name: 'Add instructions for column 1' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Who was paid');
  await expect(converter.getByLabel('Column 1 instructions')).toHaveValue('Who was paid');

  // Closed and opened again with Space, the cursor goes back to the end of what is there.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(
    converter.getByRole('button', { name: 'Edit instructions for column 1' }),
  ).toBeFocused();
  await page.keyboard.press('Space');
  await expect(converter.getByLabel('Column 1 instructions')).toHaveCount(0);
  await page.keyboard.press('Space');
  await page.keyboard.type(', as on the receipt');
  await expect(converter.getByLabel('Column 1 instructions')).toHaveValue(
    'Who was paid, as on the receipt',
  );
});

test('on a phone the instructions field fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const converter = await openConverter(page);
  await converter.getByRole('button', { name: 'Transactions' }).click();
  await converter.getByRole('button', { name: 'Edit instructions for column 1' }).click();
  await expect(converter.getByLabel('Column 1 instructions')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
