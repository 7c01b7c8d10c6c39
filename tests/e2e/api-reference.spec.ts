import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { E2E_PORT } from './support/server';

const run = promisify(execFile);

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
    await page.emulateMedia({ colorScheme });
    await page.goto('/docs/api');
    const summary = page.locator('summary', { hasText: '/api/extractions' }).first();
    await summary.click();
    await expect(page.getByText('text/event-stream').first()).toBeVisible();
    // accessibility.spec.ts checks the whole reference, every endpoint folded, in both themes;
    // here the endpoint opened, with its schemas and examples.
    expect(await seriousViolations(page, 'details#post-api-extractions')).toEqual([]);
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

// Issue 20 point 18: every endpoint can be linked to, shows a curl call (which works as shown)
// and an example answer, and its description's Markdown is rendered, not shown as backticks.
test('an endpoint opens from its link, with a curl call that works as shown and an example answer', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpByApi(page, 'api-reference');
  const created = await page.request.post('/api/keys', {
    data: { name: 'Reference' },
    headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  const { key } = (await created.json()) as { key: string };

  await page.goto('/docs/api');
  const index = page.getByRole('navigation', { name: 'All endpoints' });
  await index.getByRole('link', { name: 'POST /api/extractions' }).click();
  await expect(page).toHaveURL(/\/docs\/api#post-api-extractions$/);
  const endpoint = page.locator('details#post-api-extractions');
  await expect(endpoint).toHaveAttribute('open', '');
  await expect(endpoint).toBeInViewport();
  await expect(endpoint.locator('summary')).toBeFocused();

  // The description's Markdown: code spans, no backticks left.
  const description = endpoint.getByTestId('operation-description');
  await expect(description.locator('code', { hasText: 'Accept: text/event-stream' })).toBeVisible();
  await expect(description).not.toContainText('`');

  const request = endpoint.getByRole('region', { name: 'Example request' });
  const curl = request.locator('pre');
  await expect(curl).toContainText('curl -X POST "http://127.0.0.1:');
  await expect(curl).toContainText('-H "Authorization: Bearer $ROWSMITH_API_KEY"');
  await request.getByRole('button', { name: 'Copy curl command' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await curl.innerText());
  // Pasted into a shell with a key, it runs the example and answers what the example shows.
  const { stdout } = await run('bash', ['-c', copied], {
    env: { ...process.env, ROWSMITH_API_KEY: key },
  });
  const answer = JSON.parse(stdout) as { status: number; rows: Record<string, unknown>[] };
  expect(answer.status).toBe(200);
  expect(answer.rows).toContainEqual({ date: '2026-03-01', description: 'Coffee', amount: 3.5 });

  const example = endpoint.getByRole('region', { name: 'Example answer' });
  await expect(example).toContainText('200');
  await expect(example.locator('pre')).toContainText('"description": "Coffee"');

  const permalink = endpoint.getByRole('link', { name: 'Link to POST /api/extractions' });
  await expect(permalink).toHaveAttribute('href', '#post-api-extractions');

  // A link shared to another endpoint opens it on arrival.
  await page.goto('/docs/api#get-api-jobs-id-events');
  const events = page.locator('details#get-api-jobs-id-events');
  await expect(events).toHaveAttribute('open', '');
  await expect(events).toBeInViewport();
  await expect(events.getByRole('region', { name: 'Example request' })).toContainText('curl -N');
  // The whole reference was checked above; here the endpoint opened with its examples.
  expect(
    await seriousViolations(page, 'details#get-api-jobs-id-events'),
    'an open endpoint with its examples',
  ).toEqual([]);
});
