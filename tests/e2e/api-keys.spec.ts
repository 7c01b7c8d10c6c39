import { seriousViolations } from './support/axe';
import { signUpByApi } from './support/accounts';
import { expect, test } from './support/fixtures';

// Issue 14 point 1: a signed-in user creates a named key in Settings, sees its secret once, a
// script uses it, the list shows when it was last used, and revoking it stops it at once.

test('create an API key, use it from a script, and revoke it; see and replace the webhook secret', async ({
  page,
  playwright,
}) => {
  test.setTimeout(60_000);
  await signUpByApi(page, 'api-keys');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'API keys' });
  await expect(card.getByText('You have no API keys yet.')).toBeVisible();

  await card.getByLabel('Key name').fill('Nightly import');
  await card.getByRole('button', { name: 'Create key' }).click();
  const secret = card.getByRole('textbox', { name: 'API key Nightly import' });
  await expect(secret).toBeFocused();
  const key = await secret.inputValue();
  expect(key).toMatch(/^rsk_/);
  await expect(card.getByText('this is the only time it is shown')).toBeVisible();
  expect(await seriousViolations(page), 'new key shown').toEqual([]);

  const list = card.getByRole('list', { name: 'Your API keys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Nightly import');
  await expect(list).toContainText(`${key.slice(0, 12)}…`);
  await expect(list).toContainText('never used');
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toBeHidden();

  // A script: no cookies, only the key.
  const script = await playwright.request.newContext({ baseURL: page.url() });
  const credits = await script.get('/api/account/credits', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(credits.status()).toBe(200);
  await page.reload();
  await expect(list).toContainText('last used');

  await list.getByRole('button', { name: 'Revoke Nightly import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke “Nightly import”?' });
  await expect(dialog).toContainText('stop working at once');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('You have no API keys yet.')).toBeVisible();
  const refused = await script.get('/api/account/credits', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
  await script.dispose();

  const webhooks = page.getByRole('region', { name: 'Webhook signing secret' });
  await webhooks.getByRole('button', { name: 'Show secret' }).click();
  const signing = webhooks.getByRole('textbox', { name: 'Webhook signing secret' });
  await expect(signing).toHaveValue(/^whsec_/);
  const first = await signing.inputValue();
  await webhooks.getByRole('button', { name: 'Replace secret' }).click();
  await page
    .getByRole('dialog', { name: 'Replace the webhook secret?' })
    .getByRole('button', { name: 'Replace secret' })
    .click();
  await expect(webhooks.getByText('A new secret is in use.')).toBeVisible();
  await expect(signing).not.toHaveValue(first);
  expect(await seriousViolations(page), 'settings with the webhook secret').toEqual([]);
});

// Issue 20 point 15: replacing the secret breaks every receiver that checks signatures, so it
// asks first; and the secret can be copied with a button, not only selected by hand.
test('replacing the webhook secret asks first, and the secret has a Copy button', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpByApi(page, 'webhook-secret');
  await page.goto('/settings');
  const webhooks = page.getByRole('region', { name: 'Webhook signing secret' });
  await webhooks.getByRole('button', { name: 'Show secret' }).click();
  const signing = webhooks.getByRole('textbox', { name: 'Webhook signing secret' });
  await expect(signing).toHaveValue(/^whsec_/);
  const secret = await signing.inputValue();

  await webhooks.getByRole('button', { name: 'Copy secret' }).click();
  await expect(webhooks.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // Asked first: Cancel (and Escape) keep the secret in use.
  const replace = webhooks.getByRole('button', { name: 'Replace secret' });
  await replace.click();
  const dialog = page.getByRole('dialog', { name: 'Replace the webhook secret?' });
  await expect(dialog).toContainText('Receivers that check signatures with the current secret');
  expect(await seriousViolations(page), 'the replace dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(replace).toBeFocused();
  await replace.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  await webhooks.getByRole('button', { name: 'Show secret' }).click();
  await expect(signing).toHaveValue(secret);

  await replace.click();
  await dialog.getByRole('button', { name: 'Replace secret' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    webhooks.getByRole('status').filter({ hasText: 'A new secret is in use.' }),
  ).toBeVisible();
  await expect(signing).not.toHaveValue(secret);
  await webhooks.getByRole('button', { name: 'Copy secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await signing.inputValue(),
  );
});
