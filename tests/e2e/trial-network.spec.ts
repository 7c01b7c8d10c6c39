import { expect, test } from './support/fixtures';
import { startExtraServer } from './support/extra-server';
import { openConverter, pasteText, setColumns } from './support/converter';
import { E2E_SMALL_NETWORK_DATA_DIR, E2E_SMALL_NETWORK_PORT } from './support/server';

// Issue 20 point 13: when the free runs of a visitor's network are used up (others behind the
// same address used the day's runs), the converter says so, not that this visitor used theirs.
// A server of its own, whose network has one free run a day.

let server: Awaited<ReturnType<typeof startExtraServer>>;

test.beforeAll(async () => {
  server = await startExtraServer({
    port: E2E_SMALL_NETWORK_PORT,
    dataDir: E2E_SMALL_NETWORK_DATA_DIR,
    env: { TRIAL_RUNS_PER_ADDRESS_PER_DAY: '1' },
  });
});

test.afterAll(() => server.stop());

test('free runs used up by the network are named as the network’s', async ({ page }) => {
  // Someone else on the same network uses the day's free run.
  const other = await fetch(`${server.baseUrl}/api/extractions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'a\tb\n1\t2', columns: [{ name: 'a' }] }),
  });
  expect(other.status).toBe(200);

  const converter = await openConverter(page, server.baseUrl);
  await expect(converter).toContainText(
    /free extractions from your network are used up for today/i,
  );
  await expect(converter).not.toContainText("You've used all");
  await pasteText(converter, 'product\tprice\nDesk\t120');
  await setColumns(converter, ['product']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  const dialog = page.getByRole('dialog', {
    name: 'Free extractions from your network are used up',
  });
  await expect(dialog).toContainText(
    "Someone on your network, such as your office or school, has used today's free extractions",
  );
  await expect(dialog).not.toContainText('You have used all');
  await expect(dialog.getByRole('link', { name: 'Sign up' })).toBeVisible();
});
