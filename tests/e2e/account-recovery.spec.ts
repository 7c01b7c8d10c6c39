import type { Page } from '@playwright/test';
import { PASSWORD, signInWithForm, signUpByApi, toasts, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';
import { mailsTo } from './support/server';

const SENT = "If an account exists for that email, we've sent a link to reset your password.";
const NEW_PASSWORD = 'a brand new passphrase';

async function requestLink(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').getByText(SENT)).toBeVisible();
}

/** The reset link of the newest mail to `email`. */
async function resetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = await mailsTo(email);
      link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mails.at(-1)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test('a forgotten password is reset through the mailed link, and the old one stops working', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/401/);
  const { email } = await signUpByApi(page, 'forgot');
  await page.context().clearCookies();
  await requestLink(page, email);

  await page.goto(await resetLinkFor(email));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page).toHaveTitle(/Choose a new password/);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('something else entirely');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Confirm new password')).toBeFocused();

  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();

  await signInWithForm(page, email, PASSWORD);
  await expect(toasts(page).getByText('Sign-in failed')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toasts(page).getByText('Welcome back')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('asking for a link for an unknown email says the same, and sends nothing', async ({
  page,
}) => {
  const email = uniqueEmail('nobody');
  await requestLink(page, email);
  expect(await mailsTo(email)).toEqual([]);
  await page.getByRole('button', { name: 'Use a different email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('a link that is unknown, used or missing its token says so and offers a new one', async ({
  page,
}) => {
  await page.goto('/api/auth/reset-password/not-a-real-token?callbackURL=%2Freset-password');
  await expect(page).toHaveURL(/\/reset-password\?error=INVALID_TOKEN$/);
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});

test('a link used once cannot be used again', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/400/);
  const { email } = await signUpByApi(page, 'reuse');
  await page.context().clearCookies();
  await requestLink(page, email);
  const link = await resetLinkFor(email);
  await page.goto(link);
  const token = new URL(page.url()).searchParams.get('token');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  // The page was left open on the old address: sending again is refused by the server.
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByLabel('Confirm new password').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});
