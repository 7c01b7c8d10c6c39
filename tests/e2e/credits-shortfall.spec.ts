import { seriousViolations } from './support/axe';
import { PASTED_TSV, runJob, signUpByApi } from './support/accounts';
import { openConverter, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

// Issue 32 point 9: with fewer credits than a run needs, the message fits what was asked (a
// batch being composed may lose documents; a run again has none to remove) and "get more
// credits" is a link to the request form, reached from the keyboard.

const COLUMNS = ['date', 'description', 'amount'];

function statement(line: number) {
  return { text: `${PASTED_TSV}2026-03-0${line}\tLunch ${line}\t9.50\n` };
}

test('too few credits: a batch may drop documents, a run again only needs more credits', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  consoleErrors.allow(/402 \(Payment Required\)/);
  await signUpByApi(page, 'credits-shortfall');
  // Ten credits at sign-up: a job of five documents, then one of four, leaves one.
  const fiveDocuments = await runJob(page, [1, 2, 3, 4, 5].map(statement));
  await runJob(page, [6, 7, 8, 9].map(statement));

  // A batch of two files being composed: removing one is a way out, and so is asking for more.
  const converter = await openConverter(page, '/extract');
  const chooser = page.waitForEvent('filechooser');
  await converter.getByRole('button', { name: 'Choose File' }).click();
  await (
    await chooser
  ).setFiles(
    ['march.tsv', 'april.tsv'].map((name) => ({
      name,
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from(PASTED_TSV),
    })),
  );
  await setColumns(converter, COLUMNS);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const batchRefusal = converter.getByRole('alert').filter({ hasText: 'credit' });
  await expect(batchRefusal).toContainText(
    'This batch has 2 documents but you have 1 credit left. Remove some documents or get more credits.',
  );
  await expect(batchRefusal.getByRole('link', { name: 'get more credits' })).toHaveAttribute(
    'href',
    '/pricing#request-credits',
  );

  // The five-document job again with the same columns: there is nothing to remove.
  await page.goto(`/extract?job=${fiveDocuments}`);
  await page
    .getByRole('region', { name: 'Result' })
    .getByRole('button', { name: 'Edit columns and run again' })
    .click();
  const runAgain = converter.getByRole('button', { name: 'Run again' });
  await runAgain.click();
  const refusal = converter.getByRole('alert').filter({ hasText: 'credit' });
  await expect(refusal).toContainText(
    'Running this again needs 5 credits, one per document, and you have 1.',
  );
  await expect(refusal).not.toContainText('Remove');
  const more = refusal.getByRole('link', { name: 'Get more credits' });

  // Readable and reachable on a phone in the dark theme too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(more).toBeVisible();
  expect(await seriousViolations(page, 'form[aria-label="Converter"]'), 'dark, 390 px').toEqual([]);
  await expect(runAgain).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/pricing#request-credits$/);
  const request = page.getByRole('region', { name: 'Request credits' });
  await expect(request.getByLabel('How many credits')).toBeVisible();
});
