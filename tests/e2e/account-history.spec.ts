import { grantCredits, runPastedTable, signUpByApi } from './support/accounts';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

test('the dashboard shows the latest runs and downloads them; the history pages through all', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { email } = await signUpByApi(page, 'history');
  await grantCredits(email, 15);
  for (let run = 0; run < 21; run += 1) await runPastedTable(page);

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText(
    '4 of 25 credits remaining',
  );
  await expect(page.getByRole('region', { name: 'Total extractions' })).toContainText('21');
  const recent = page.getByRole('region', { name: 'Recent extractions' });
  await expect(recent.getByRole('listitem')).toHaveCount(3);
  const first = recent.getByRole('listitem').first();
  await expect(first).toContainText('Text');
  await expect(first).toContainText('2 rows');
  await expect(first).toContainText('Complete');
  await expect(first.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  const downloading = page.waitForEvent('download');
  await first.getByRole('link', { name: /^Download .+ as JSON$/ }).click();
  const download = await downloading;
  // Named after the job and the time (issue 20 point 9).
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+_\d{4}-\d{2}-\d{2}_\d{4}\.json$/);

  await recent.getByRole('link', { name: 'View all extractions' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Extraction history' })).toBeVisible();
  // A list of cards (issue 13), one per run.
  const runs = page
    .getByRole('list', { name: 'Your extractions, newest first' })
    .getByRole('listitem');
  const pages = page.getByRole('navigation', { name: 'History pages' });
  await expect(pages).toContainText('Showing 1–20 of 21 runs');
  await expect(runs).toHaveCount(20);
  await expect(runs.first()).toContainText('Complete');
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/history\?page=2$/);
  await expect(pages).toContainText('Showing 21–21 of 21 runs');
  await expect(runs).toHaveCount(1);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages).toContainText('Showing 1–20 of 21 runs');
});

test('a new account has an empty history that leads to the converter', async ({ page }) => {
  await signUpByApi(page, 'empty-history');
  await page.goto('/history');
  await expect(page).toHaveTitle(/Extraction history/);
  await expect(page.getByText('No extractions yet')).toBeVisible();
  await page.getByRole('link', { name: 'Start an extraction' }).click();
  await expect(page).toHaveURL(/\/extract$/);
});

test('a failed load is shown with a way to try again', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/503/);
  await signUpByApi(page, 'flaky');
  let failures = 0;
  await page.route('**/api/account/credits', async (route) => {
    if (failures >= 3) return route.fallback();
    failures += 1;
    await route.fulfill({
      status: 503,
      json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'The service is busy.' } },
    });
  });
  await page.goto('/dashboard');
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription.getByRole('alert')).toContainText("We couldn't load your credits.");
  await subscription.getByRole('button', { name: 'Try again' }).click();
  await expect(subscription).toContainText('10 of 10 credits remaining');
});

test('a pasted-text run reopened from History is one result, not a batch of one', async ({
  page,
}) => {
  await signUpByApi(page, 'reopen-text');
  const converter = await openConverter(page, '/extract');
  await pasteText(
    converter,
    'Stock list for the shop\n\nproduct\tprice\nDesk\t120\nChair\t45\nLamp\t19.5',
  );
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('gridcell', { name: 'Desk', exact: true })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto('/history');
  const runs = page.getByRole('list', { name: 'Your extractions, newest first' });
  await runs.getByRole('link', { name: /^Open “Stock list for the shop/ }).click();
  await expect(page).toHaveURL(/\/extract\?job=/);

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('gridcell', { name: 'Desk', exact: true })).toBeVisible();
  await expect(result).toContainText('3 rows');
  // Opened to be looked at: the result is brought into view and its heading has the focus (the
  // walk of issue 32 landed on the empty form at the top, the result 1,000 px below).
  await expect(result.getByRole('heading', { name: 'Result', level: 2 })).toBeFocused();
  await expect(result.getByRole('heading', { name: 'Result', level: 2 })).toBeInViewport();
  // Its own columns only: no `source` column holding the text's first line, no document list.
  await expect(result.getByRole('columnheader')).toHaveText([/product/, /price/]);
  await expect(result.getByRole('gridcell', { name: /Stock list for the shop/ })).toHaveCount(0);
  await expect(result.getByRole('list', { name: 'Documents' })).toHaveCount(0);
  await expect(result.getByRole('button', { name: 'Edit columns and run again' })).toBeVisible();
});
