import { signUpByApi } from './support/accounts';
import { expect, test } from './support/fixtures';

test('a protected page shows the spinner with rotating jokes while the session loads', async ({
  page,
}) => {
  await signUpByApi(page, 'session-loading');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/get-session**', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/dashboard');
  const loading = page.getByRole('status').filter({ hasText: 'Checking your session…' });
  await expect(loading).toBeVisible();
  const firstJoke = await loading.locator('p').last().innerText();
  // The joke changes every 3.5 s.
  await expect(loading.locator('p').last()).not.toHaveText(firstJoke, { timeout: 5_000 });

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});
