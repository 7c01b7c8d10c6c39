import type { Page } from '@playwright/test';
import { PASSWORD, signInWithForm, toasts, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { openConverter, pasteText } from './support/converter';
import { expect, test } from './support/fixtures';
import { GUARDED_BASE, startGuardedServer } from './support/guarded-server';
import { mailsTo } from './support/server';

// Issue 21 points 10 and 11, as people meet them on a server with mail: confirming the address
// before the credits come, and getting in while someone else hammers the sign-in form.

// One server for the file, so its tests run in one worker, in order.
test.describe.configure({ mode: 'default' });

let server: { stop: () => void };
test.beforeAll(async () => {
  server = await startGuardedServer();
});
test.afterAll(() => server.stop());

/** The newest mail to `email` whose text matches, once it has come. */
async function mailTo(email: string, pattern: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      text = (await mailsTo(email)).findLast((mail) => pattern.test(mail.text))?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

function linkIn(text: string, path: string): string {
  const link = new RegExp(`https?://\\S+${path}\\S+`).exec(text)?.[0];
  expect(link, text).toBeDefined();
  return link!;
}

async function signUpWithForm(page: Page, email: string, name = 'Ada Lovelace') {
  await page.goto(`${GUARDED_BASE}/sign-up`);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a new account confirms its address by the mailed link, which signs in with the credits', async ({
  page,
}) => {
  const email = uniqueEmail('verify');
  await signUpWithForm(page, email);
  const sent = page.getByRole('status').filter({ hasText: 'Check your email' });
  await expect(sent).toContainText(email);
  await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  expect(await seriousViolations(page), 'check your email').toEqual([]);

  const mail = await mailTo(email, /Confirm your email address for Rowsmith/);
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('10 of 10 credits remaining');
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
});

test('the trial’s runs and the draft follow a visitor through the mailed link, opened in a new tab', async ({
  page,
  context,
}) => {
  // Issue 32 point 1: three free runs, then the trial dialog, sign-up and the link.
  for (let run = 0; run < 3; run += 1) {
    const response = await page.request.post(`${GUARDED_BASE}/api/extractions`, {
      data: { text: 'product\tprice\nLamp\t20\n', columns: [{ name: 'product', type: 'text' }] },
      headers: { origin: GUARDED_BASE },
    });
    expect(response.status()).toBe(200);
  }
  const converter = await openConverter(page, `${GUARDED_BASE}/`);
  await pasteText(converter, 'product\tprice\nDesk\t120\n');
  await converter.getByLabel('Column 1 name').fill('product');
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "You've used your free extractions" });
  await dialog.getByRole('link', { name: 'Sign up' }).click();
  const email = uniqueEmail('trial-link');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
    email,
  );

  const mail = await mailTo(email, /Confirm your email address for Rowsmith/);
  const tab = await context.newPage();
  await tab.goto(linkIn(mail, '/api/auth/verify-email'));
  // Back on the converter, with what was typed before signing up.
  await expect(tab).toHaveURL(/\/extract$/);
  const kept = tab.getByRole('form', { name: 'Converter' });
  await expect(kept.getByLabel('Text to convert')).toHaveValue('product\tprice\nDesk\t120\n');
  await expect(kept.getByLabel('Column 1 name')).toHaveValue('product');

  // The free runs are the account's now: History lists them, and each opens.
  await tab.goto(`${GUARDED_BASE}/history`);
  const runs = tab
    .getByRole('list', { name: 'Your extractions, newest first' })
    .getByRole('listitem');
  await expect(runs).toHaveCount(3);
  await runs
    .first()
    .getByRole('link', { name: /^Open .+ in the result table$/ })
    .click();
  await expect(
    tab
      .getByRole('region', { name: 'Result' })
      .getByRole('gridcell', { name: 'Lamp', exact: true }),
  ).toBeVisible();
});

test('an account signed in before confirming says so, and sends the link again', async ({
  page,
}) => {
  test.setTimeout(45_000);
  const email = uniqueEmail('unconfirmed');
  await signUpWithForm(page, email);
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
  await page.goto(`${GUARDED_BASE}/sign-in`);
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText('Confirm your email address to get your 10 free credits');
  await expect(banner).toContainText(email);
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText(
    '0 of 0 credits remaining',
  );
  // (Checked once the welcome toast has gone: a toast fading out is not the page's contrast.)
  await expect(toasts(page).getByText('Welcome back')).toBeHidden({ timeout: 12_000 });
  expect(await seriousViolations(page), 'dashboard of an unconfirmed account').toEqual([]);
  await banner.getByRole('button', { name: 'Send the link again' }).click();
  await expect(banner.getByRole('status')).toHaveText('We sent the link again. Check your inbox.');
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);

  await page.goto(linkIn(await mailTo(email, /Confirm your email/), '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText(
    '10 of 10 credits remaining',
  );
  await expect(banner).toHaveCount(0);
});

test('signing up with an address that has an account looks the same, and its owner is told', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('owned');
  const owner = await browser.newPage();
  await signUpWithForm(owner, email, 'The Owner');
  await expect(owner.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
  await owner.close();

  await signUpWithForm(page, email, 'Someone Else');
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
    email,
  );
  const notice = await mailTo(email, /Someone tried to create a Rowsmith account/);
  expect(notice).toContain(`${GUARDED_BASE}/forgot-password`);
});

test('the owner gets in while strangers fail, and from a new network through the reset link', async ({
  page,
  browser,
  playwright,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/429/);
  const email = uniqueEmail('attacked');
  await signUpWithForm(page, email);
  await page.goto(linkIn(await mailTo(email, /Confirm your email/), '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', {
      name: `Account menu for ${email}`,
    })
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // Strangers at other addresses guess until they are paused.
  const stranger = await playwright.request.newContext({ baseURL: GUARDED_BASE });
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    const response = await stranger.post('/api/auth/sign-in/email', {
      data: { email, password: `guess number ${i}` },
      headers: { origin: GUARDED_BASE, 'x-forwarded-for': `198.51.100.${i + 1}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  await stranger.dispose();

  // The owner, in the browser they used before, signs in as usual.
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // On a new phone, on a café's network, the owner is a stranger too: the form says how to get in.
  const phone = await browser.newContext({
    baseURL: GUARDED_BASE,
    extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.44' },
  });
  const phonePage = await phone.newPage();
  await phonePage.goto('/sign-in');
  await signInWithForm(phonePage, email, PASSWORD);
  const form = phonePage.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toContainText('Too many failed sign-ins to this account');
  await form.getByRole('link', { name: 'Reset your password' }).click();
  await expect(phonePage).toHaveURL(/\/forgot-password$/);
  await phonePage.getByLabel('Email').fill(email);
  await phonePage.getByRole('button', { name: 'Send reset link' }).click();
  await phonePage.goto(
    linkIn(await mailTo(email, /Reset your Rowsmith password/), '/reset-password/'),
  );
  await phonePage.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await phonePage.getByLabel('Confirm new password').fill('a brand new passphrase');
  await phonePage.getByRole('button', { name: 'Set new password' }).click();
  await expect(phonePage.getByText(/Your password has been changed/)).toBeVisible();
  await phonePage.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await signInWithForm(phonePage, email, 'a brand new passphrase');
  await expect(phonePage).toHaveURL(/\/dashboard$/);
  await phone.close();
});
