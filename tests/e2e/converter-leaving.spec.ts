import type { Page } from '@playwright/test';
import { signUpByApi } from './support/accounts';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { SLOW_MODEL_MARKER, STEADY_MODEL_MARKER } from './support/server';

// Issue 20 point 4: leaving the page during a single run does not cancel it. The run goes on on
// the server like a batch, is charged once when it succeeds, and shows in History and when the
// page comes back; the person's Cancel is the only cancel, and it gives the run back.

const PEOPLE = [
  `Notes ${STEADY_MODEL_MARKER}`,
  'Name: Ada Lovelace\nCity: London',
  'Name: Grace Hopper\nCity: New York',
].join('\n\n');

type JobList = { total: number; jobs: { status: string; rows_total: number }[] };

async function jobs(page: Page): Promise<JobList> {
  return (await (await page.request.get('/api/jobs')).json()) as JobList;
}

async function startRun(page: Page, path: string, text = PEOPLE) {
  const converter = await openConverter(page, path);
  await pasteText(converter, text);
  await setColumns(converter, ['name', 'city']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  // Under way: the run says what it is doing.
  await expect(
    converter.getByRole('status').filter({ hasText: /Extracting rows from 1 part/ }),
  ).toBeVisible();
  return converter;
}

test('a run left for another page goes on, is charged once and shows in History', async ({
  page,
}) => {
  await signUpByApi(page, 'leave-run');
  await startRun(page, '/extract');
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'History' })
    .click();
  await expect(page).toHaveURL(/\/history$/);

  const runs = page
    .getByRole('list', { name: 'Your extractions, newest first' })
    .getByRole('listitem');
  await expect(runs).toHaveCount(1);
  await expect(async () => {
    await page.reload();
    await expect(runs.first()).toContainText('Complete', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(runs.first()).toContainText('2 rows');
  expect(await (await page.request.get('/api/account/credits')).json()).toMatchObject({
    credits_remaining: 9,
  });
});

test('a reload during a run shows the run going on, then its rows', async ({ page }) => {
  await startRun(page, '/');
  await page.reload();

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('gridcell', { name: 'Grace Hopper', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(result.getByRole('gridcell', { name: 'London', exact: true })).toBeVisible();
  const converter = page.getByRole('form', { name: 'Converter' });
  await expect(converter).toContainText('2 of 3 free extractions left');
  expect((await jobs(page)).jobs[0]).toMatchObject({ status: 'succeeded', rows_total: 2 });
});

test('Cancel stops the run on the server and gives the free run back', async ({ page }) => {
  const converter = await startRun(page, '/', `Notes ${SLOW_MODEL_MARKER}\nName: Ada`);
  await converter.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    converter.getByRole('status').filter({ hasText: 'Extraction cancelled.' }),
  ).toBeVisible();

  await expect.poll(async () => (await jobs(page)).jobs[0]?.status).toBe('cancelled');
  // The running document stops within seconds of its job being cancelled, and is refunded.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/trial')).json()) as { remaining: number }).remaining,
      {
        timeout: 10_000,
      },
    )
    .toBe(3);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Converter' })).toContainText(
    '3 of 3 free extractions left',
  );
  // Nothing is shown again after a reload: the run was cancelled on purpose.
  await expect(page.getByRole('region', { name: 'Result' })).toHaveCount(0);
});
