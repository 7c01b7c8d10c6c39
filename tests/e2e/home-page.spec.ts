import { seriousViolations } from './support/axe';
import { openConverter } from './support/converter';
import { expect, test } from './support/fixtures';

// Issue 20 point 16: on the home page a visitor's main action leads to the converter on the same
// page; the privacy notice is one calm line with a link; the drop zone speaks of tapping on a
// touch screen and of dragging, dropping and pasting elsewhere.

test('the main action for a visitor leads to the converter on the same page, by keyboard too', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.locator('main section').first();
  const action = hero.getByRole('link', { name: 'Convert a document' });
  await expect(action).toBeVisible();
  const converter = page.getByRole('form', { name: 'Converter' });
  await expect(converter).not.toBeInViewport();

  await action.focus();
  await page.keyboard.press('Enter');
  await expect(converter).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Try the converter' })).toBeInViewport();
  expect(new URL(page.url()).pathname).toBe('/');
  // The next Tab goes on into the converter, not back to the top of the page.
  await page.keyboard.press('Tab');
  expect(await converter.evaluate((form) => form.contains(document.activeElement))).toBe(true);
});

test('on a phone the main action scrolls to the converter', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('link', { name: 'Convert a document' }).click();
  await expect(page.getByRole('form', { name: 'Converter' })).toBeInViewport();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the privacy notice is one calm line with a link to what we keep', async ({ page }) => {
  const converter = await openConverter(page);
  const notice = converter.getByText(/don't upload confidential data or personal information/);
  await expect(notice).toBeVisible();
  const link = notice.getByRole('link');
  await expect(link).toHaveAttribute('href', '/privacy');
  const look = await notice.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(style.lineHeight),
      background: style.backgroundColor,
      border: style.borderTopWidth,
      icons: element.querySelectorAll('svg').length,
    };
  });
  // One line at 1280 px, no box, no warning icon: read in passing, not alarming.
  expect(look.height).toBeLessThan(look.lineHeight * 1.5);
  expect(look.background).toBe('rgba(0, 0, 0, 0)');
  expect(look.border).toBe('0px');
  expect(look.icons).toBe(0);
  await expect(converter.getByRole('alert')).toHaveCount(0);
});

test('the drop zone speaks of dragging and pasting with a mouse, on a Mac too', async ({
  page,
}) => {
  const converter = await openConverter(page);
  await expect(converter.getByText(/Drag and drop files here/)).toBeVisible();
  // Ctrl+V does not paste on a Mac: both keys are named.
  await expect(converter.getByText(/Drag and drop files here/)).toContainText(
    'paste them with Ctrl+V (⌘V on a Mac)',
  );
  await expect(converter.getByText('Tap to choose a file')).toBeHidden();
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the drop zone says "Tap to choose a file", and a tap on it chooses one (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      const converter = await openConverter(page);
      const tap = converter.getByText('Tap to choose a file');
      await expect(tap).toBeVisible();
      await expect(converter.getByText(/Drag and drop files here/)).toBeHidden();
      await expect(converter.getByText(/Ctrl\+V/)).toBeHidden();
      const chooser = page.waitForEvent('filechooser');
      await tap.tap();
      await (
        await chooser
      ).setFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
      await expect(converter.getByRole('group', { name: 'Selected file' })).toContainText(
        'prices.csv',
      );
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
