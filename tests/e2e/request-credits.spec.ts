import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { seriousViolations } from './support/axe';
import { grantCredits, runPastedTable, signUpByApi } from './support/accounts';
import { openConverter, pasteText } from './support/converter';
import { expect, test } from './support/fixtures';
import { E2E_DATA_DIR } from './support/server';

// Issue 20 point 6: out of credits, a person asks for more from the no-credits dialog or the
// pricing page; an operator sees the request with `rowsmith credits requests` and grants it.
// One plan name everywhere.

const run = promisify(execFile);
const TSV = 'date\tdescription\tamount\n2026-03-01\tCoffee\t3.50\n2026-03-02\tTrain\t12.00';

async function operatorRequests(...options: string[]): Promise<string> {
  const args = ['bin/rowsmith.js', 'credits', 'requests', ...options];
  const { stdout } = await run(process.execPath, args, {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  return stdout;
}

test('out of credits, the no-credits dialog takes a request that an operator grants', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/402 \(Payment Required\)/);
  const { email } = await signUpByApi(page, 'more-credits');
  for (let done = 0; done < 10; done += 1) await runPastedTable(page);

  const converter = await openConverter(page, '/extract');
  await converter.getByRole('button', { name: 'Transactions' }).click();
  await pasteText(converter, TSV);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'No credits remaining' });
  await dialog.getByRole('button', { name: 'Request credits' }).click();

  const form = dialog.getByRole('form', { name: 'Request credits' });
  await form.getByLabel('How many credits').fill('40');
  await form.getByLabel('What are they for?').fill('Monthly bank statements for my bookkeeping.');
  expect(await seriousViolations(page), 'request form').toEqual([]);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status')).toContainText('We have your request for 40 credits');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toHaveCount(0);
  // Nothing ran, and the work is still there.
  await expect(converter.getByLabel('Text to convert')).toHaveValue(TSV);

  const listed = await operatorRequests();
  expect(listed).toMatch(/EMAIL\s+CREDITS\s+ASKED\s+STATUS\s+MESSAGE/);
  expect(listed).toContain(email);
  expect(listed).toMatch(/\s40\s.+\sopen\s+Monthly bank statements for my bookkeeping\./);

  await grantCredits(email, 40);
  expect(await operatorRequests()).not.toContain(email);
  expect(await operatorRequests('--all')).toMatch(/\s40\s.+\sgranted\s/);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Result' }).getByRole('gridcell', { name: 'Coffee' }),
  ).toBeVisible();

  await page.goto('/dashboard');
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('Foundation plan');
  await expect(subscription).toContainText('39 of 50 credits remaining');
});

test('pricing leads to the request form, which says when a request is waiting', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Foundation plan' })).toBeVisible();
  // Visitors are offered an account first.
  const more = page.getByRole('region', { name: 'Request credits' });
  await expect(more.getByRole('link', { name: 'Sign in' })).toBeVisible();

  const { email } = await signUpByApi(page, 'pricing-credits');
  await page.goto('/pricing');
  await more.getByLabel('How many credits').fill('100');
  await more.getByLabel('What are they for?').fill('A research project on council minutes.');
  await more.getByRole('button', { name: 'Send request' }).click();
  await expect(more.getByRole('status')).toContainText('We have your request for 100 credits');
  await page.reload();
  await expect(more).toContainText('Your request for 100 credits');
  await expect(more.getByRole('button', { name: 'Send request' })).toHaveCount(0);
  // On a phone, in the dark theme, the section reads as well.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page), 'pricing, dark, 390 px').toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Foundation plan');

  // An operator grants fewer than asked: the request says so, and the form is back for more.
  await grantCredits(email, 25);
  await page.goto('/pricing');
  await expect(more).toContainText(
    /Your request for 100 credits of .+ was answered on .+ with 25 credits, fewer than you asked for\. You can ask for more below\./,
  );
  await expect(more.getByRole('button', { name: 'Send request' })).toBeVisible();
});

test('the account menu shows the balance and leads to the request form, on a phone too', async ({
  page,
}) => {
  // Issue 32 point 9: wherever a person is in the app, the balance and a way to ask for more.
  const { email } = await signUpByApi(page, 'menu-credits');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('10 of 10 credits left');
  await menu.getByRole('menuitem', { name: 'Request credits' }).click();
  await expect(page).toHaveURL(/\/pricing#request-credits$/);
  await expect(
    page.getByRole('region', { name: 'Request credits' }).getByLabel('How many credits'),
  ).toBeVisible();

  // On a phone, opened before the balance is in: the menu says it is coming, then shows it.
  await page.setViewportSize({ width: 390, height: 844 });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/account/credits', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/history');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel).toContainText('Loading your balance…');
  release();
  await expect(panel).toContainText('10 of 10 credits left');
  await panel.getByRole('link', { name: 'Request credits' }).click();
  await expect(page).toHaveURL(/\/pricing#request-credits$/);
  await expect(panel).toBeHidden();
});
