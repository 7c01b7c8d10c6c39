import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

// Issue 22 point 6: running the same input with the same columns and instructions again gives
// the stored result without asking the model, says so, and offers to ask the model again.

const PEOPLE = 'Name: Ada Lovelace\nCity: London\n\nName: Grace Hopper\nCity: New York';

test('the same run again is marked from cache, and the model can be asked again', async ({
  page,
}) => {
  await signUpByApi(page, 'cache');
  const converter = await openConverter(page, '/extract');
  await pasteText(converter, PEOPLE);
  await setColumns(converter, ['name', 'city']);
  // Instructions go to the model, so the run is the model's (not the offline reader's).
  await converter.getByLabel(/Description/).fill('Each person and their city.');
  const runButton = converter.getByRole('button', { name: 'Run', exact: true });
  const result = page.getByRole('region', { name: 'Result' });

  await runButton.click();
  await expect(result.getByRole('gridcell', { name: 'Grace Hopper', exact: true })).toBeVisible();
  await expect(result).toContainText(/1 model call/);
  await expect(result.getByText('From cache:')).toHaveCount(0);

  await runButton.click();
  await expect(result.getByText('From cache:')).toBeVisible();
  await expect(result).toContainText('from cache, no model call');
  await expect(result.getByRole('gridcell', { name: 'Grace Hopper', exact: true })).toBeVisible();

  // A reload keeps the result from cache, and says so still.
  await page.reload();
  await expect(result.getByText('From cache:')).toBeVisible();
  await expect(result.getByRole('gridcell', { name: 'Grace Hopper', exact: true })).toBeVisible();

  await result.getByRole('button', { name: 'Ask the model again' }).click();
  await expect(result.getByText('From cache:')).toHaveCount(0);
  await expect(result).toContainText(/1 model call/);
  await expect(result.getByRole('gridcell', { name: 'Ada Lovelace', exact: true })).toBeVisible();

  // Three runs, three credits: a result from cache is paid for like any run.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText(
    '7 of 10 credits remaining',
  );
  // History says which run was given a stored result.
  const recent = page.getByRole('region', { name: 'Recent extractions' });
  await expect(recent.getByText('From cache', { exact: false })).toHaveCount(1);
});

test('the from-cache notice fits a phone in the dark theme', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signUpByApi(page, 'cache-phone');
  const converter = await openConverter(page, '/extract');
  await pasteText(converter, PEOPLE);
  await setColumns(converter, ['name', 'city']);
  await converter.getByLabel(/Description/).fill('Each person and their city, on a phone.');
  const runButton = converter.getByRole('button', { name: 'Run', exact: true });
  const result = page.getByRole('region', { name: 'Result' });
  await runButton.click();
  await expect(result.getByRole('gridcell', { name: 'Ada Lovelace', exact: true })).toBeVisible();
  await runButton.click();
  const askAgain = result.getByRole('button', { name: 'Ask the model again' });
  await expect(askAgain).toBeVisible();
  // No sideways scrolling, and the notice passes the accessibility checks in the dark theme.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
