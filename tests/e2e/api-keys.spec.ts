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
  await expect(webhooks.getByText('A new secret is in use.')).toBeVisible();
  await expect(signing).not.toHaveValue(first);
  expect(await seriousViolations(page), 'settings with the webhook secret').toEqual([]);
});
