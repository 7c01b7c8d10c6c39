import { signUpByApi } from './support/accounts';
import { ruleViolations, seriousViolations } from './support/axe';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES } from './support/pages';
import { E2E_PORT } from './support/server';

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

for (const colorScheme of ['light', 'dark'] as const) {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path} has no serious or critical axe violations in the ${colorScheme} theme`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await ruleViolations(page, ['heading-order'])).toEqual([]);
    });
  }

  // Issue 32 point 10: Extract's headings skipped a level (the extractor's panel came straight
  // after the page's title), and a batch's list of documents scrolled out of the keyboard's reach.
  test(`Extract, with a saved extractor’s panel and a result, keeps its headings in order in the ${colorScheme} theme`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme });
    await signUpByApi(page, `extract-headings-${colorScheme}`);
    const created = await page.request.post('/api/extractors', {
      data: { name: 'Prices', columns: [{ name: 'product', type: 'text' }] },
      headers: { Origin: ORIGIN },
    });
    expect(created.status()).toBe(201);

    const converter = await openConverter(page, '/extract');
    expect(await ruleViolations(page, ['heading-order']), 'empty').toEqual([]);
    expect(await seriousViolations(page), 'empty').toEqual([]);

    const saved = converter.getByRole('group', { name: 'Your saved extractors:' });
    await saved.getByRole('button', { name: 'Prices', exact: true }).click();
    const panel = converter.getByRole('region', { name: '“Prices” on its own' });
    await expect(panel.getByRole('group', { name: 'Webhook' })).toBeVisible();
    expect(await ruleViolations(page, ['heading-order']), 'extractor panel').toEqual([]);
    expect(await seriousViolations(page), 'extractor panel').toEqual([]);

    await pasteText(converter, 'product\tprice\nDesk\t120\nChair\t45');
    await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
    await converter.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByText('Showing 1–2 of 2 rows')).toBeVisible({ timeout: 20_000 });
    expect(await ruleViolations(page, ['heading-order']), 'with a result').toEqual([]);
  });

  test(`a batch’s lists of files and documents that scroll are reached from the keyboard in the ${colorScheme} theme${colorScheme === 'dark' ? ' on a phone' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    if (colorScheme === 'dark') await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme });
    await signUpByApi(page, `document-list-${colorScheme}`);
    const converter = await openConverter(page, '/extract');
    const chooser = page.waitForEvent('filechooser');
    await converter.getByRole('button', { name: 'Choose Files' }).click();
    await (
      await chooser
    ).setFiles(
      Array.from({ length: 10 }, (_, index) => ({
        name: `price-list-${index + 1}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from(`Product: Lamp ${index + 1}\nPrice: ${index + 10}`),
      })),
    );
    await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);

    // While the files go up (held here, as on a slow connection) their Remove buttons are
    // disabled, and their list scrolls with nothing in it to focus.
    let sendUpload = () => {};
    const uploadHeld = new Promise<void>((resolve) => (sendUpload = resolve));
    await page.route('**/api/jobs', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await converter.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(converter.getByRole('button', { name: 'Remove price-list-1.txt' })).toBeDisabled();
    const files = converter.getByRole('list', { name: 'Files to convert' });
    expect(await files.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(
      true,
    );
    expect(await seriousViolations(page), 'sending the files').toEqual([]);
    sendUpload();

    await expect(page.getByRole('status').filter({ hasText: 'Finished: 10 rows' })).toBeVisible({
      timeout: 60_000,
    });
    const documents = page.getByRole('list', { name: 'Documents' });
    expect(
      await documents.evaluate((element) => element.scrollHeight > element.clientHeight),
      'ten documents overflow their list',
    ).toBe(true);
    expect(await seriousViolations(page), 'finished').toEqual([]);

    // From the heading above it, Tab reaches the list, and the keys that scroll move it.
    await page.getByRole('heading', { name: 'Result', level: 2 }).focus();
    for (let presses = 0; presses < 15; presses += 1) {
      if (await documents.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(documents).toBeFocused();
    await page.keyboard.press('End');
    await expect.poll(() => documents.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await expect(documents.getByRole('listitem').last()).toBeInViewport();
  });
}
