import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES } from './support/pages';

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} renders its heading with no console errors`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(
      `© ${new Date().getFullYear()} Rowsmith`,
    );
  });
}

test('the anonymous header offers Product (Use Cases, Documentation), About, Sign In and Get Started', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/sign-up',
  );

  await header.getByRole('button', { name: 'Product' }).click();
  await expect(page.getByRole('menuitem', { name: /Documentation/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /Use Cases/ }).click();
  await expect(page).toHaveURL(/\/use-cases$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the footer links to terms, privacy and contact', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  for (const [name, path] of [
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
    ['Contact', '/contact'],
  ] as const) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /privacy/i })).toBeVisible();
});

test('the home page holds the converter and says what it accepts', async ({ page }) => {
  await page.goto('/');
  const converter = page.locator('#converter');
  await expect(converter).toBeVisible();
  await expect(converter).toContainText('PDF');
  await expect(converter.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
});

test('the 404 page names the missing path and offers a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('the pricing and terms pages agree on 10 credits', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('main')).toContainText('10 credits');
  await page.goto('/terms');
  await expect(page.getByRole('main')).toContainText('10 credits');
  await expect(page.getByRole('main')).not.toContainText(/\b3 credits\b/);
});

/** Where the page is scrolled to, once it has stood still for a few frames. */
function restingScroll(page: Page) {
  return page.evaluate(async () => {
    for (let still = 0, last = window.scrollY; still < 10;) {
      await new Promise(requestAnimationFrame);
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
    return window.scrollY;
  });
}

test('a page opened by its address starts at its top, and a reload keeps where it was', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  expect(await restingScroll(page)).toBe(400);

  // Typed in the address bar in the same tab: not scrolled to where the home page was.
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await restingScroll(page), 'the documentation, opened after the home page').toBe(0);

  await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
  expect(await restingScroll(page)).toBe(300);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => restingScroll(page), { message: 'the documentation, reloaded' })
    .toBe(300);
});
