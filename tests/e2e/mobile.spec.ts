import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES } from './support/pages';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('the header collapses into a menu that navigates and closes', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Product' })).toBeHidden();
  await header.getByRole('button', { name: 'Open menu' }).click();

  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Use Cases' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Documentation' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await menu.getByRole('link', { name: 'About' }).click();

  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the phone menu closes with Escape and returns focus to its button', async ({ page }) => {
  await page.goto('/pricing');
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(openMenu).toBeFocused();
});

for (const { path } of PUBLIC_PAGES) {
  test(`${path} fits a phone screen without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
