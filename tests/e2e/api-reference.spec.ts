import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test('/docs links to the API reference, which lists POST /api/jobs with its request body', async ({
  page,
}) => {
  await page.goto('/docs');
  await page.getByRole('link', { name: 'HTTP API reference' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Jobs' })).toBeVisible();

  const createJob = page.locator('details', {
    has: page.locator('summary', { hasText: /POST\s*\/api\/jobs\s*Start a batch/ }),
  });
  const summary = createJob.locator('summary');
  // Keyboard: focus the endpoint and open it with Enter.
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(createJob).toHaveAttribute('open', '');
  const body = createJob.getByRole('region', { name: 'Request body' });
  for (const field of ['columns', 'template', 'description', 'inputs'])
    await expect(body.getByText(field, { exact: true }).first()).toBeVisible();
  await expect(body.getByText('multipart/form-data')).toBeVisible();
  await expect(createJob.getByText('202', { exact: true })).toBeVisible();
  await expect(createJob.getByText(/NO_CREDITS/).first()).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the API reference has no serious axe violations (${colorScheme}, open endpoint)`, async ({
    page,
  }) => {
    // axe reads the whole reference (every endpoint listed, one opened): slower than most pages.
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme });
    await page.goto('/docs/api');
    const summary = page.locator('summary', { hasText: '/api/extractions' }).first();
    await summary.click();
    await expect(page.getByText('text/event-stream').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the API reference fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/docs/api');
  await page
    .locator('summary', { hasText: '/api/jobs/{id}/documents/{documentId}/result' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Accounts' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
