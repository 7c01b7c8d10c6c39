import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { PASSWORD, signUpByApi, uniqueEmail } from './support/accounts';
import { chooseFile, openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

// Issue 20, "work and money": what a person puts into the converter stays there until they
// clear it or it has run, and nothing runs or costs a credit that they did not ask to run.

const TSV = 'product\tprice\tstock\nDesk\t120\t4\nChair\t45\t10\nLamp\t19.5\t7';
const ADDRESS = 'https://example.com/price-list';

async function credits(page: Page) {
  return (await (await page.request.get('/api/account/credits')).json()) as {
    credits_remaining: number;
  };
}

async function jobCount(page: Page) {
  return ((await (await page.request.get('/api/jobs')).json()) as { total: number }).total;
}

/** The text, address, columns and description a test fills in, then expects back. */
async function fillDraft(converter: Locator) {
  await converter.getByRole('tab', { name: 'Enter URL' }).click();
  await converter.getByLabel('Web page address').fill(ADDRESS);
  await pasteText(converter, TSV);
  await converter.getByRole('button', { name: 'Products' }).click();
  // The template's columns load first; a person sees them in the form before going on.
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('product');
  await converter.getByLabel(/Description/).fill('Furniture only');
}

async function expectDraft(converter: Locator) {
  await expect(converter.getByLabel('Text to convert')).toHaveValue(TSV);
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('product');
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('price');
  await expect(converter.getByLabel('Column 2 type')).toHaveText('Number');
  await expect(converter.getByLabel(/Description/)).toHaveValue('Furniture only');
  await expect(converter.getByRole('button', { name: 'Products' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await converter.getByRole('tab', { name: 'Enter URL' }).click();
  await expect(converter.getByLabel('Web page address')).toHaveValue(ADDRESS);
  await converter.getByRole('tab', { name: 'Paste Text' }).click();
}

async function expectEmpty(converter: Locator) {
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('');
  await expect(converter.getByLabel(/Description/)).toHaveValue('');
  await converter.getByRole('tab', { name: 'Paste Text' }).click();
  await expect(converter.getByLabel('Text to convert')).toHaveValue('');
  await converter.getByRole('tab', { name: 'Enter URL' }).click();
  await expect(converter.getByLabel('Web page address')).toHaveValue('');
}

test('saving or editing a saved extractor starts no run and takes no credit', async ({ page }) => {
  await signUpByApi(page, 'save-no-run');
  const converter = await openConverter(page, '/extract');
  await pasteText(converter, TSV);
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  const saved = converter.getByRole('group', { name: 'Your saved extractors:' });

  // Saved with Enter in the name field, as people do.
  await saved.getByRole('button', { name: 'Save as extractor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as extractor' });
  await dialog.getByLabel('Name').fill('Prices');
  await dialog.getByLabel('Name').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(saved.getByRole('button', { name: 'Prices', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Edited with the dialog's button.
  await converter.getByLabel('Column 2 name').fill('unit price');
  await converter.getByRole('button', { name: 'Edit “Prices”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Prices”' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  await page.waitForLoadState('networkidle');
  await expect(converter.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expect(converter.getByRole('status').filter({ hasText: /Finished|cancelled/ })).toHaveCount(
    0,
  );
  await expect(page.getByRole('region', { name: 'Result' })).toHaveCount(0);
  expect(await jobCount(page)).toBe(0);
  expect(await credits(page)).toMatchObject({ credits_remaining: 10 });
  // The text and columns are still there to run when the person chooses to.
  await expect(converter.getByLabel('Text to convert')).toHaveValue(TSV);
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('unit price');
});

test('the draft survives a reload, another page and Back, and the privacy link', async ({
  page,
}) => {
  let converter = await openConverter(page);
  await fillDraft(converter);

  await page.reload();
  converter = page.getByRole('form', { name: 'Converter' });
  await expectDraft(converter);

  await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack();
  await expectDraft(converter);

  // The privacy notice's link opens beside the converter, not instead of it.
  const opening = page.waitForEvent('popup');
  await converter.getByRole('link', { name: /What we keep/ }).click();
  const privacy = await opening;
  await expect(privacy.getByRole('heading', { level: 1, name: /privacy/i })).toBeVisible();
  await privacy.close();
  await expect(page).toHaveURL(/\/$/);
  await expectDraft(converter);
  expect(await seriousViolations(page)).toEqual([]);

  // Clear empties the converter, and a reload does not bring anything back.
  await converter.getByRole('button', { name: 'Clear', exact: true }).click();
  await expectEmpty(converter);
  await expect(converter.getByRole('button', { name: 'Products' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.reload();
  await expectEmpty(converter);
});

test('a successful run clears the saved draft', async ({ page }) => {
  let converter = await openConverter(page);
  await pasteText(converter, TSV);
  await setColumns(converter, ['product', 'price']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Result' }).getByText('Showing 1–3')).toBeVisible();
  // What ran stays on screen, to run again with other columns.
  await expect(converter.getByLabel('Text to convert')).toHaveValue(TSV);

  // The address names the run, so a reload (a visitor's too) brings back its result, not the form.
  await expect(page).toHaveURL(/\?job=[\w-]+$/);
  await page.reload();
  converter = page.getByRole('form', { name: 'Converter' });
  await expectEmpty(converter);
  await expect(page.getByRole('region', { name: 'Result' }).getByText('Showing 1–3')).toBeVisible();
});

/** Uses this visitor's free runs through the API, so the next Run opens the trial dialog. */
async function useFreeRuns(page: Page) {
  for (let run = 0; run < 3; run += 1) {
    const response = await page.request.post('/api/extractions', {
      data: { text: TSV, columns: [{ name: 'product', type: 'text' }] },
    });
    expect(response.status()).toBe(200);
  }
}

const PRICES_FILE = {
  name: 'prices.tsv',
  mimeType: 'text/tab-separated-values',
  buffer: Buffer.from(TSV),
};

test('signing up from the trial dialog comes back to the converter with the work in it', async ({
  page,
}) => {
  await useFreeRuns(page);
  const converter = await openConverter(page);
  await fillDraft(converter);
  await converter.getByRole('tab', { name: 'Upload File' }).click();
  await chooseFile(page, converter, PRICES_FILE);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: "You've used your free extractions" });
  await expect(dialog).toContainText('Your content and columns are still here.');
  await dialog.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/sign-up/);
  await page.getByLabel('Full name').fill('Mary Somerville');
  await page.getByLabel('Email').fill(uniqueEmail('trial-signup'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/extract$/);
  const back = page.getByRole('form', { name: 'Converter' });
  await expect(back.getByRole('group', { name: 'Selected file' })).toContainText('prices.tsv');
  await back.getByRole('tab', { name: 'Paste Text' }).click();
  await expectDraft(back);
  await back.getByRole('tab', { name: 'Upload File' }).click();
  await back.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('gridcell', { name: 'Lamp', exact: true })).toBeVisible();
  expect(await credits(page)).toMatchObject({ credits_remaining: 9 });
  // The three free runs came into the account with the visitor (issue 32 point 1).
  await page.goto('/history');
  await expect(
    page.getByRole('list', { name: 'Your extractions, newest first' }).getByRole('listitem'),
  ).toHaveCount(4);
});

test('Run pressed while a chosen file is still being checked runs on that file', async ({
  page,
}) => {
  // The file check loads with the first file chosen: on a slow line it arrives after Run.
  await page.route('**/assets/check-files-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const converter = await openConverter(page);
  await setColumns(converter, ['product']);
  await chooseFile(page, converter, PRICES_FILE);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('gridcell', { name: 'Lamp', exact: true })).toBeVisible();
  await expect(converter.getByRole('group', { name: 'Selected file' })).toContainText('prices.tsv');
});

test('a file the page could not keep over a reload is named, with one click to add it again', async ({
  page,
}) => {
  await useFreeRuns(page);
  const converter = await openConverter(page);
  await chooseFile(page, converter, PRICES_FILE);
  await setColumns(converter, ['product']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "You've used your free extractions" });
  await dialog.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  // Signing in in another way (a password manager, a new tab) reloads the page.
  await signUpByApi(page, 'trial-reload');
  await page.goto('/extract');

  const missing = converter.getByRole('group', { name: 'File to add again' });
  await expect(missing).toContainText('prices.tsv');
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('product');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page), 'file to add again, dark').toEqual([]);
  const chooser = page.waitForEvent('filechooser');
  await missing.getByRole('button', { name: 'Add prices.tsv again' }).click();
  await (await chooser).setFiles(PRICES_FILE);
  await expect(converter.getByRole('group', { name: 'Selected file' })).toContainText('prices.tsv');
  await expect(missing).toHaveCount(0);
});

test('Edit columns and run again on a job opened from History starts from its columns', async ({
  page,
}) => {
  await signUpByApi(page, 'rerun-history');
  const first = await page.request.post('/api/extractions', {
    data: {
      text: TSV,
      columns: [
        { name: 'product', type: 'text' },
        { name: 'price', type: 'number' },
      ],
      description: 'Furniture only',
    },
  });
  expect(first.status()).toBe(200);

  await page.goto('/history');
  await page
    .getByRole('link', { name: /^Open .+ in the result table$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/extract\?job=/);
  const result = page.getByRole('region', { name: 'Result' });
  await result.getByRole('button', { name: 'Edit columns and run again' }).click();

  const converter = page.getByRole('form', { name: 'Converter' });
  await expect(converter.getByLabel('Column 1 name')).toHaveValue('product');
  await expect(converter.getByLabel('Column 1 name')).toBeFocused();
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('price');
  await expect(converter.getByLabel('Column 2 type')).toHaveText('Number');
  await expect(converter.getByLabel(/Description/)).toHaveValue('Furniture only');
  await converter.getByRole('button', { name: 'Add Column' }).click();
  await converter.getByLabel('Column 3 name').fill('stock');
  await converter.getByRole('button', { name: 'Run again' }).click();

  const again = page.getByRole('region', { name: 'Result' });
  // A one-document job ends as that run's result (issue 20 point 10), now with the new column.
  await expect(again.getByRole('columnheader', { name: /stock/ })).toBeVisible({ timeout: 20_000 });
  for (const name of ['product', 'price', 'stock'])
    await expect(again.getByRole('columnheader', { name: new RegExp(name) })).toBeVisible();
  // The new column is filled from what was read before: Chair's stock.
  await expect(
    again.getByRole('row', { name: /Chair/ }).getByRole('gridcell', { name: '10', exact: true }),
  ).toBeVisible();
  expect(await credits(page)).toMatchObject({ credits_remaining: 8 });
});
