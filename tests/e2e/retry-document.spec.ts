import { signUpByApi } from './support/accounts';
import { openConverter, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { FAIL_ONCE_MARKER } from './support/server';

// Issue 32 point 2: a document that failed in a batch is tried again alone, from the keyboard,
// without choosing its file again; the page follows the new run to its result.

test('a failed document of a batch is tried again alone and gives its rows', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  consoleErrors.allow(/429/);
  await signUpByApi(page, 'retry-document');
  const converter = await openConverter(page, '/extract');
  const chooser = page.waitForEvent('filechooser');
  await converter.getByRole('button', { name: 'Choose File' }).click();
  await (
    await chooser
  ).setFiles([
    {
      name: 'ada.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Name: Ada Lovelace\nCity: London\n'),
    },
    {
      name: 'alan.txt',
      mimeType: 'text/plain',
      // Its own text each run: the model fails a prompt only the first time it sees it.
      buffer: Buffer.from(
        `Name: Alan Turing\nCity: Wilmslow\n\n${FAIL_ONCE_MARKER} ${test.info().repeatEachIndex}-${Date.now()}\n`,
      ),
    },
  ]);
  await setColumns(converter, ['name', 'city']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  const result = page.getByRole('region', { name: 'Result' });
  const documents = result.getByRole('list', { name: 'Documents' });
  const alan = documents.getByRole('listitem').filter({ hasText: 'alan.txt' });
  const tryAgain = alan.getByRole('button', { name: 'Try alan.txt again' });
  await expect(tryAgain).toBeVisible({ timeout: 30_000 });
  await expect(
    documents.getByRole('listitem').filter({ hasText: 'ada.txt' }).getByRole('button'),
  ).toHaveCount(0);
  const batchUrl = page.url();

  await tryAgain.focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(batchUrl);
  await expect(page.getByRole('gridcell', { name: 'Wilmslow' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('gridcell', { name: 'Alan Turing' })).toBeVisible();

  // The batch keeps its own outcome, opened again as from History.
  await page.goto(batchUrl);
  await expect(alan).toContainText('Error:');
  await expect(tryAgain).toBeVisible();
});
