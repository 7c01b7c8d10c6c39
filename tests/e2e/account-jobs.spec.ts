import type { Page } from '@playwright/test';
import { GARDEN_TEXT, PASTED_TSV, runJob, runPastedTable, signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// The dashboard and the history list jobs with their documents (issue 11) and say what each
// run was made on, its columns, rows and status in words (issue 13).

/** An address nothing listens on, so its run fails. */
const PRIVATE_URL = 'http://127.0.0.1:9/prices';

/** Four jobs, oldest first: a complete text run, a partial one, a failed address, a batch. */
async function seedJobs(page: Page) {
  await runPastedTable(page);
  const partial = await runJob(
    page,
    [{ text: GARDEN_TEXT }],
    [
      { name: 'invoice_number', type: 'text' },
      { name: 'total', type: 'number' },
    ],
  );
  const failed = await runJob(page, [{ url: PRIVATE_URL }]);
  const batch = await runJob(page, [{ text: PASTED_TSV }, { url: PRIVATE_URL }]);
  return { partial, failed, batch };
}

async function expectNoSeriousViolations(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    expect(await seriousViolations(page), `${colorScheme} theme`).toEqual([]);
  }
}

test('the dashboard and history list jobs with their documents and open them again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpByApi(page, 'jobs');
  const ids = await seedJobs(page);

  await page.goto('/dashboard');
  await expect(page.getByText('Welcome back, Ada Lovelace.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total extractions' })).toContainText('4');
  const recent = page.getByRole('region', { name: 'Recent extractions' });
  const entries = recent.getByRole('listitem').filter({ has: page.getByRole('heading') });
  await expect(entries).toHaveCount(3);

  // The batch, newest: its documents each with a status, the job's own status in words.
  const batch = entries.nth(0);
  await expect(batch.getByRole('heading', { level: 3 })).toHaveText('2 documents');
  const documents = batch.getByRole('list', { name: 'Documents' }).getByRole('listitem');
  await expect(documents).toHaveCount(2);
  await expect(documents.nth(0)).toContainText('Text 1');
  await expect(documents.nth(0)).toContainText('Text');
  await expect(documents.nth(0)).toContainText('2 rows');
  await expect(documents.nth(0)).toContainText('Complete');
  await expect(documents.nth(1)).toContainText(PRIVATE_URL);
  await expect(documents.nth(1)).toContainText('Web page');
  await expect(documents.nth(1)).toContainText('Failed');
  await expect(batch).toContainText('Partial');
  await expect(batch).toContainText('3 columns: date, description, amount');

  // A one-document job reads like a run: what it was run on, and never "Other" for an address.
  const failed = entries.nth(1);
  await expect(failed.getByRole('heading')).toHaveText(PRIVATE_URL);
  await expect(failed).toContainText('Web page');
  await expect(failed).not.toContainText('Other');
  await expect(failed).toContainText('Failed');
  await expect(failed.getByRole('link', { name: /^Download / })).toHaveCount(0);

  const partial = entries.nth(2);
  await expect(partial.getByRole('heading')).toHaveText(/^“We met on Tuesday/);
  await expect(partial.getByText('Partial', { exact: true })).toBeVisible();
  await expect(partial.getByText('Failed', { exact: true })).toHaveCount(0);
  await expect(partial).toContainText('2 columns: invoice_number, total');

  // Downloads stay: the batch's one table as CSV.
  const downloading = page.waitForEvent('download');
  await batch.getByRole('link', { name: /^Download 2 documents from .+ as CSV$/ }).click();
  const download = await downloading;
  // Named after the job's first document and how many more, and the time (issue 20 point 9).
  expect(download.suggestedFilename()).toMatch(
    /^[a-z0-9_-]+-and-1-more_\d{4}-\d\d-\d\d_\d{4}\.csv$/,
  );

  await expectNoSeriousViolations(page);

  // Each entry opens in the result view.
  await expect(batch.getByRole('link', { name: /^Open 2 documents from / })).toHaveAttribute(
    'href',
    `/extract?job=${ids.batch}`,
  );
  await partial.getByRole('link', { name: /^Open “We met on Tuesday/ }).click();
  await expect(page).toHaveURL(new RegExp(`/extract\\?job=${ids.partial}$`));

  await page.goto('/history');
  const history = page.getByRole('list', { name: 'Your extractions, newest first' });
  const runs = history.getByRole('listitem').filter({ has: page.getByRole('heading') });
  await expect(runs).toHaveCount(4);
  await expect(runs.nth(3).getByRole('heading', { level: 2 })).toHaveText(
    '“date description amount”',
  );
  await expect(runs.nth(3)).toContainText('Complete');
  await expect(runs.nth(3).getByRole('link', { name: /^Open / })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'History pages' })).toContainText(
    'Showing 1–4 of 4 runs',
  );
  await expectNoSeriousViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the history is a list of cards that fits the screen', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpByApi(page, 'jobs-phone');
    await seedJobs(page);
    await page.goto('/history');
    const history = page.getByRole('list', { name: 'Your extractions, newest first' });
    await expect(history.getByRole('heading', { level: 2 })).toHaveCount(4);
    await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
  });
});

test('a new user is welcomed, not welcomed back', async ({ page }) => {
  await signUpByApi(page, 'jobs-new');
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome, Ada Lovelace.')).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  await expect(page.getByText('You have used all your credits.')).toHaveCount(0);
});

test('a visitor who signs up after a free run is welcomed, and the run is counted', async ({
  page,
}) => {
  // The free run moves into the new account (issue 32 point 1); it was not run as a member.
  await runPastedTable(page);
  await signUpByApi(page, 'jobs-trial');
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome, Ada Lovelace.')).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  const total = page.getByRole('region', { name: 'Total extractions' });
  await expect(total).toContainText('Every run of your account, its free trial included');
  await expect(total).toContainText('1');
});

test('at phone width a run of a long page address wraps on the dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, 'jobs-long-url');
  const address = `http://127.0.0.1:9/${'quarterly-price-list-'.repeat(3)}2026.html`;
  await runJob(page, [{ url: address }]);
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent extractions' });
  await expect(recent.getByRole('heading', { name: address })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('at 0 credits the dashboard says how to get more', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpByApi(page, 'jobs-spent');
  await runJob(
    page,
    Array.from({ length: 10 }, () => ({ text: PASTED_TSV })),
  );
  await page.goto('/dashboard');
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('0 of 10 credits remaining');
  await expect(subscription.getByText('You have used all your credits.')).toBeVisible();
  await expect(subscription.getByRole('link', { name: 'how credits work' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  // The way to more credits is the request form (issue 20 point 6).
  await subscription.getByRole('link', { name: 'request more credits' }).click();
  await expect(page).toHaveURL(/\/pricing#request-credits$/);
  await expect(
    page
      .getByRole('region', { name: 'Request credits' })
      .getByRole('button', { name: 'Send request' }),
  ).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Recent extractions' })).toContainText(
    '10 documents',
  );
  await expectNoSeriousViolations(page);
});
