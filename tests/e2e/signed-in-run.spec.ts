import { runPastedTable, signUpByApi } from './support/accounts';
import { openConverter, pasteText } from './support/converter';
import { expect, test } from './support/fixtures';

// A signed-in run costs a credit, is listed on the dashboard at once, and its stored result
// downloads and opens again; with no credits left the converter offers the no-credits modal.

const TSV = 'date\tdescription\tamount\n2026-03-01\tCoffee\t3.50\n2026-03-02\tTrain\t12.00';

test('a run on /extract takes one credit and appears on the dashboard with its download', async ({
  page,
}) => {
  await signUpByApi(page, 'run-journey');
  await page.goto('/dashboard');
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('10 of 10 credits remaining');
  await page.getByRole('link', { name: 'New Table' }).click();

  await expect(page).toHaveURL(/\/extract$/);
  const converter = page.getByRole('form', { name: 'Converter' });
  // Signed in: no trial banner.
  await expect(page.getByText('Get 10 Credits Free')).toHaveCount(0);
  await converter.getByRole('button', { name: 'Transactions' }).click();
  await pasteText(converter, TSV);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–2 of 2 rows')).toBeVisible();
  await expect(result.getByRole('gridcell', { name: 'Coffee', exact: true })).toBeVisible();

  // Back to the dashboard through the sidebar: no reload, already up to date.
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(subscription).toContainText('9 of 10 credits remaining');
  await expect(page.getByRole('region', { name: 'Total extractions' })).toContainText('1');
  const recent = page.getByRole('region', { name: 'Recent extractions' });
  const run = recent.getByRole('listitem').first();
  await expect(run).toContainText('Text');
  await expect(run).toContainText('2 rows');

  // Its table downloads from the stored job (issue 11), and it opens again in the result view.
  const downloading = page.waitForEvent('download');
  await run.getByRole('link', { name: /^Download .+ as JSON$/ }).click();
  const stored = JSON.parse(
    await (await downloading).createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }),
  ) as { columns: { name: string }[]; rows: Record<string, unknown>[] };
  expect(stored.columns.map((column) => column.name)).toEqual([
    'source',
    'date',
    'description',
    'amount',
    'type',
    'category',
    'balance',
  ]);
  expect(stored.rows).toEqual([
    expect.objectContaining({ date: '2026-03-01', description: 'Coffee', amount: 3.5 }),
    expect.objectContaining({ date: '2026-03-02', description: 'Train', amount: 12 }),
  ]);
  await expect(run.getByRole('link', { name: /^Open / })).toHaveAttribute(
    'href',
    /^\/extract\?job=[\w-]+$/,
  );
});

test('with no credits left, Run opens the no-credits modal', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/402 \(Payment Required\)/);
  await signUpByApi(page, 'no-credits');
  for (let run = 0; run < 10; run += 1) await runPastedTable(page);

  const converter = await openConverter(page, '/extract');
  await converter.getByRole('button', { name: 'Transactions' }).click();
  await pasteText(converter, TSV);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  const modal = page.getByRole('dialog', { name: 'No credits remaining' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(modal).toHaveCount(0);
  await expect(converter.getByLabel('Text to convert')).toHaveValue(TSV);

  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'No credits remaining' })
    .getByRole('link', { name: 'Upgrade Plan' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
});
