import type { Page } from '@playwright/test';
import { PASSWORD, signInWithForm, signUpByApi, toasts } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { E2E_PORT, mailsTo } from './support/server';

// Issue 20 point 14 and issue 21 point 9: Settings changes the name and the password; a new
// password signs out the other devices and, when asked, revokes the API keys.

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

async function createKey(page: Page): Promise<string> {
  const response = await page.request.post('/api/keys', {
    data: { name: 'Nightly import' },
    headers: { origin: ORIGIN },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

test('a user changes their name, then their password, signing out other devices and revoking keys', async ({
  page,
  browser,
  playwright,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/400/);
  const { email } = await signUpByApi(page, 'settings', 'Ada Lovelace');
  const key = await createKey(page);
  // The same account signed in on a laptop too.
  const laptop = await browser.newContext({ baseURL: ORIGIN });
  const signedIn = await laptop.request.post(`${ORIGIN}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: ORIGIN },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  const name = profile.getByLabel('Full name');
  await expect(name).toHaveValue('Ada Lovelace');
  await name.fill('Ada King');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(profile.getByText('Your name has been saved.')).toBeVisible();
  await page.reload();
  await expect(name).toHaveValue('Ada King');

  const card = page.getByRole('region', { name: 'Password' });
  await card.getByLabel('Current password').fill('not my password');
  await card.getByLabel('New password', { exact: true }).fill('a better passphrase');
  await card.getByLabel('Confirm new password').fill('a better passphrase');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText(/Your current password is not right/).first()).toBeVisible();
  await expect(card.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByRole('checkbox', { name: 'Also revoke all my API keys' }).check();
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByRole('status')).toContainText(
    'Your password has been changed. Every other device signed in to your account has been signed out. 1 API key was revoked.',
  );
  await expect(card.getByLabel('Current password')).toHaveValue('');
  await expect(
    page.getByRole('region', { name: 'API keys' }).getByText('You have no API keys yet.'),
  ).toBeVisible();
  expect(await seriousViolations(page), 'settings after a password change').toEqual([]);

  // This browser is still signed in; the laptop and the script are not.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect((await laptop.request.get(`${ORIGIN}/api/account`)).status()).toBe(401);
  const script = await playwright.request.newContext();
  const withKey = await script.get(`${ORIGIN}/api/account`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(withKey.status()).toBe(401);
  await script.dispose();
  await laptop.close();
});

test('a password reset through the mailed link can revoke the API keys too', async ({ page }) => {
  const { email } = await signUpByApi(page, 'reset-keys');
  const key = await createKey(page);
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  let link = '';
  await expect
    .poll(async () => {
      link =
        /https?:\/\/\S+\/reset-password\/\S+/.exec(
          (await mailsTo(email)).at(-1)?.text ?? '',
        )?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').fill('a brand new passphrase');
  await page.getByRole('checkbox', { name: 'Also revoke all my API keys' }).check();
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('1 API key was revoked.');
  const refused = await page.request.get('/api/account', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
});

test('a wrong password is said under the sign-in form, and stays there after the toast', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(45_000);
  consoleErrors.allow(/401/);
  const { email } = await signUpByApi(page, 'inline-error');
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signInWithForm(page, email, 'not the password');
  const form = page.getByRole('form', { name: 'Sign in' });
  const reason = form.getByRole('alert');
  await expect(reason).toHaveText('Invalid email or password.');
  await expect(form).toHaveAttribute('aria-describedby', (await reason.getAttribute('id')) ?? '');
  await expect(toasts(page).getByText('Sign-in failed')).toBeVisible();
  // Toasts go after 5 seconds (SPEC.md section 9); the reason does not.
  await expect(toasts(page).getByText('Sign-in failed')).toBeHidden({ timeout: 12_000 });
  await expect(reason).toHaveText('Invalid email or password.');

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('Settings, with its name and password forms, fits the screen in the dark theme', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUpByApi(page, 'settings-phone');
    await page.goto('/settings');
    await expect(page.getByRole('region', { name: 'Password' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
