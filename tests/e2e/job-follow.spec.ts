import { PASTED_TSV, runJob, signUpByApi } from './support/accounts';
import { expect, test } from './support/fixtures';
import { E2E_PAGES_PORT } from './support/server';

// Opening a batch while the server refuses its progress stream for a moment (429, too many
// requests): the page says it will try again, does, and shows the rows; it does not rest on
// "Finished: 2 rows" over "No rows were found". A document that ended in an error is shown as
// such, with no request for a result it does not have (which the console would report).

test('a batch whose progress stream is refused for a moment shows its rows', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 429/);
  await signUpByApi(page, 'job-follow');
  const jobId = await runJob(page, [
    { text: PASTED_TSV },
    { url: `http://127.0.0.1:${E2E_PAGES_PORT}/no-such-page.html` },
  ]);
  // The server's answer when this person sends too many requests, twice.
  let refusals = 0;
  await page.route('**/api/jobs/*/events', async (route) => {
    if (refusals >= 2) return route.continue();
    refusals += 1;
    await route.fulfill({
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
      body: JSON.stringify({
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many requests. Please wait 1 seconds and try again.',
          requestId: 'e2e',
        },
      }),
    });
  });

  await page.goto(`/extract?job=${jobId}`);
  await expect(page.getByText(/asked for a pause between requests; reconnecting/)).toBeVisible();
  await expect(page.getByText('No rows were found.')).toHaveCount(0);
  const table = page.getByRole('grid', { name: 'Combined rows' });
  await expect(table.getByRole('gridcell', { name: 'Coffee', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(/reconnecting/)).toHaveCount(0);
  const documents = page.getByRole('list', { name: 'Documents' });
  await expect(documents.getByRole('listitem').filter({ hasText: 'no-such-page' })).toContainText(
    'Error: Failed to extract webpage content: 404 Not Found',
  );
});
