import type { Locator, Page } from '@playwright/test';
import { openConverter, pasteText, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import { STEADY_MODEL_MARKER } from './support/server';

// Issue 20, point 7: pressing Run keeps the page where it is, with the progress and Cancel in
// view; the finished result is brought into view. At 1280 px in light theme and 390 px in dark.

/** The fake model takes about 4 s over text with the marker: time to look at the page. */
const PEOPLE = [
  `Notes ${STEADY_MODEL_MARKER}`,
  'Name: Ada Lovelace\nCity: London',
  'Name: Grace Hopper\nCity: New York',
].join('\n\n');

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Presses Run with the button low on the screen, as after filling the form in: the page
 * moves no further than it takes to show the progress under Run, and Cancel stays in view.
 */
async function runInPlace(page: Page, converter: Locator) {
  const run = converter.getByRole('button', { name: 'Run', exact: true });
  // Low on the screen, clear of its foot (where a click would first scroll it further up).
  await run.evaluate((button) => {
    button.scrollIntoView({ block: 'end', behavior: 'instant' });
    window.scrollBy({ top: 80, behavior: 'instant' });
  });
  const before = await scrollY(page);
  await run.click();

  const cancel = converter.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeInViewport();
  await expect(converter.getByTestId('waiting-message')).toBeInViewport();
  // Not sent to the top (or anywhere else): at most the height of the progress lines further.
  const expectInPlace = async () => {
    const moved = (await scrollY(page)) - before;
    expect(moved, 'how far the page moved').toBeGreaterThanOrEqual(0);
    expect(moved, 'how far the page moved').toBeLessThan(200);
  };
  await expectInPlace();
  await page.waitForTimeout(1_000);
  await expect(cancel).toBeInViewport();
  await expectInPlace();

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('heading', { name: 'Result' })).toBeInViewport({
    timeout: 20_000,
  });
  await expect(result.getByRole('gridcell', { name: 'Ada Lovelace', exact: true })).toBeVisible();
}

for (const { width, height, theme } of [
  { width: 1280, height: 800, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`at ${width} px (${theme}), Run keeps the page in place and the result comes into view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    const converter = await openConverter(page);
    await pasteText(converter, PEOPLE);
    await setColumns(converter, ['name', 'city']);
    await runInPlace(page, converter);

    // Again, with the last result on screen below the form.
    await converter
      .getByLabel('Text to convert')
      .fill(`${PEOPLE}\n\nName: Alan Turing\nCity: Wilmslow`);
    await runInPlace(page, converter);
  });
}
