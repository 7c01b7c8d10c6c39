import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { runJobWith } from './support/review';
import { E2E_PORT } from './support/server';

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

test('a batch run again from cache says so, and keeps the corrections made to it', async ({
  page,
}) => {
  // Issue 32 point 9: a batch rerun from cache once dropped the corrections and said nothing.
  await signUpByApi(page, 'cache-batch');
  const job = await runJobWith(page, {
    inputs: [{ text: PEOPLE }, { text: 'Name: Alan Turing\nCity: Wilmslow' }],
    columns: [
      { name: 'name', type: 'text' },
      { name: 'city', type: 'text' },
    ],
    description: 'Each person and their city, in a batch.',
  });
  const corrected = await page.request.post(`/api/jobs/${job.id}/corrections`, {
    data: {
      corrections: [
        { document_id: job.documents[1]!.id, row: 0, column: 'city', value: 'Bletchley' },
      ],
    },
    headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(corrected.status()).toBe(200);

  await page.goto(`/extract?job=${job.id}`);
  const result = page.getByRole('region', { name: 'Result' });
  await result.getByRole('button', { name: 'Edit columns and run again' }).click();
  await page
    .getByRole('form', { name: 'Converter' })
    .getByRole('button', { name: 'Run again', exact: true })
    .click();
  await expect(page).not.toHaveURL(new RegExp(job.id));
  const documents = page.getByRole('list', { name: 'Documents' });
  await expect(documents.getByRole('listitem')).toHaveCount(2);
  await expect(documents.getByRole('listitem').nth(1)).toContainText('1 row found, from cache', {
    timeout: 20_000,
  });
  await expect(page.getByText(/^From cache: All 2 documents read the same/)).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Combined rows' });
  await expect(grid.getByRole('gridcell', { name: 'Bletchley (edited)' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
