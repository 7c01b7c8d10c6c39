import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

async function chooseTheme(page: Page, name: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));

test('Light, Dark and System set the class on <html> and localStorage.theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);

  await chooseTheme(page, 'Dark');
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).not.toHaveClass(/\blight\b/);
  expect(await storedTheme(page)).toBe('dark');

  await chooseTheme(page, 'Light');
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBe('light');

  await chooseTheme(page, 'System');
  expect(await storedTheme(page)).toBe('system');
  await expect(html).toHaveClass(/\blight\b/);
});

test('System follows the operating system preference live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await chooseTheme(page, 'System');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveClass(/\blight\b/);
});

test('the saved choice survives a reload and is applied before the first paint', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  // Record the class on <html> the moment <body> starts, before anything can be painted.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body) {
        (window as unknown as { classAtFirstBody: string }).classAtFirstBody =
          document.documentElement.className;
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/pricing');
  await chooseTheme(page, 'Dark');
  await page.reload();
  const classAtFirstBody = await page.evaluate(
    () => (window as unknown as { classAtFirstBody?: string }).classAtFirstBody,
  );
  expect(classAtFirstBody).toContain('dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Theme' })).toBeVisible();
  expect(await storedTheme(page)).toBe('dark');
});

test('a theme switch shows the new colours at once, with no fade through unreadable ones', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await chooseTheme(page, 'System');
  const button = page.getByRole('button', { name: 'Theme' });
  const colours = () =>
    button.evaluate((element) => {
      const style = window.getComputedStyle(element);
      return `${style.color} on ${style.backgroundColor}`;
    });
  const light = await colours();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const atOnce = await colours();
  await page.waitForTimeout(500);
  expect(atOnce).not.toBe(light);
  expect(atOnce).toBe(await colours());
});
