import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

// The converter in the states a visitor meets: empty, with a result and its evidence open, and
// behind the trial modal; in both themes, and at phone width.

const TSV = 'product\tprice\nDesk\t120\nChair\t45\nLamp\t19.5';
const COLUMNS = [
  { name: 'product', type: 'text' },
  { name: 'price', type: 'number' },
];

async function runInConverter(page: Page) {
  const converter = page.getByRole('form', { name: 'Converter' });
  await pasteText(converter, TSV);
  await setColumns(converter, ['product', { name: 'price', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the converter, its result, evidence and trial modal pass axe in the ${colorScheme} theme`, async ({
    page,
    consoleErrors,
  }) => {
    // Four full axe scans take about 3 s each on a quiet two-core machine, more beside a parallel worker.
    test.setTimeout(90_000);
    consoleErrors.allow(/402 \(Payment Required\)/);
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await expect(page.getByText(/3 free extractions? left/i)).toBeVisible();
    expect(await seriousViolations(page), 'empty converter').toEqual([]);

    await runInConverter(page);
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByText('Showing 1–3 of 3 rows')).toBeVisible();
    expect(await seriousViolations(page), 'with a result').toEqual([]);

    await result.getByRole('gridcell', { name: 'Chair' }).click();
    await expect(page.getByRole('dialog').locator('mark')).toBeVisible();
    expect(await seriousViolations(page), 'evidence open').toEqual([]);
    await page.keyboard.press('Escape');

    // Use up the trial through the API in this browser (same cookie), then run once more.
    for (let run = 0; run < 2; run += 1) {
      const response = await page.request.post('/api/extractions', {
        data: { text: TSV, columns: COLUMNS },
      });
      expect(response.status()).toBe(200);
    }
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByRole('link', { name: /sign up/i })).toBeVisible();
    expect(await seriousViolations(page), 'trial modal').toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the converter and a wide result fit the screen; the table scrolls in its own box', async ({
    page,
  }) => {
    const wide = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const converter = await openConverter(page);
    await pasteText(
      converter,
      [wide.join('\t'), wide.map((name) => `value ${name} 1234567`).join('\t')].join('\n'),
    );
    await setColumns(converter, wide);
    await converter.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByText('Showing 1–1 of 1 row')).toBeVisible();

    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(360);
    const table = page.getByRole('grid');
    const tableBox = await table.evaluate((element) => ({
      width: element.scrollWidth,
      parentScrolls: getComputedStyle(element.parentElement!).overflowX,
    }));
    expect(tableBox.width).toBeGreaterThan(360);
    expect(['auto', 'scroll']).toContain(tableBox.parentScrolls);
  });
});

test('from the keyboard alone: files removed and cleared, columns suggested, added and removed, Run, run again, and the trial modal; focus never falls to the page', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/402 \(Payment Required\)/);
  const converter = await openConverter(page);
  const tab = async (to: Locator, key = 'Tab') => {
    for (let presses = 0; presses < 30; presses += 1) {
      if (await to.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press(key);
    }
    await expect(to).toBeFocused();
  };
  const chooseFiles = converter.getByRole('button', { name: 'Choose Files' });

  // Files chosen, removed one by one and cleared: focus goes to the next file's Remove, and to
  // Choose Files when the button pressed goes.
  await tab(chooseFiles);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles(
    ['a', 'b', 'c'].map((name) => ({
      name: `${name}.tsv`,
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from(TSV),
    })),
  );
  await tab(converter.getByRole('button', { name: 'Remove b.tsv' }));
  await page.keyboard.press('Enter');
  await expect(converter.getByRole('button', { name: 'Remove c.tsv' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chooseFiles).toBeFocused();
  await tab(converter.getByRole('button', { name: 'Clear File' }));
  await page.keyboard.press('Enter');
  await expect(chooseFiles).toBeFocused();

  await tab(converter.getByRole('tab', { name: 'Upload File' }), 'Shift+Tab');
  await page.keyboard.press('ArrowRight');
  await tab(converter.getByRole('textbox', { name: 'Text to convert' }));
  await page.keyboard.insertText(TSV);

  // Suggest Columns keeps the focus while it works.
  const suggest = converter.getByRole('button', { name: /^Suggest(ing)? Columns/ });
  await tab(suggest);
  await page.keyboard.press('Enter');
  await expect(converter.getByLabel('Column 2 name')).toHaveValue('price');
  await expect(suggest).toBeFocused();

  // Add Column puts the cursor in the new column's name.
  for (const [name, key] of [
    ['oops', 'Shift+Tab'],
    ['note', 'Tab'],
  ] as const) {
    await tab(converter.getByRole('button', { name: 'Add Column' }), key);
    await page.keyboard.press('Enter');
    await page.keyboard.type(name);
  }
  await expect(converter.getByLabel('Column 4 name')).toHaveValue('note');
  // Removing a column puts it in the name of the one that takes its place.
  await tab(converter.getByRole('button', { name: 'Remove column 3' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(converter.getByLabel('Column 3 name')).toBeFocused();
  await expect(converter.getByLabel('Column 3 name')).toHaveValue('note');
  await expect(converter.getByLabel('Column 4 name')).toHaveCount(0);

  await tab(converter.getByRole('button', { name: 'Run', exact: true }));
  await page.keyboard.press('Enter');
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–3 of 3 rows')).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Result' })).toBeFocused();

  // Run again with other columns, then back to a new run: focus on Run.
  await tab(result.getByRole('button', { name: 'Edit columns and run again' }));
  await page.keyboard.press('Enter');
  await expect(converter.getByLabel('Column 1 name')).toBeFocused();
  await tab(converter.getByRole('button', { name: 'Back to a new run' }));
  await page.keyboard.press('Enter');
  await expect(converter.getByRole('button', { name: 'Run', exact: true })).toBeFocused();

  // The free runs used up (through the API, in this browser): Run opens the trial modal, and
  // Escape closes it with focus back on Run.
  for (let run = 0; run < 2; run += 1) {
    const response = await page.request.post('/api/extractions', {
      data: { text: TSV, columns: COLUMNS },
    });
    expect(response.status()).toBe(200);
  }
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('dialog', { name: "You've used your free extractions" }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(converter.getByRole('button', { name: 'Run', exact: true })).toBeFocused();
});
