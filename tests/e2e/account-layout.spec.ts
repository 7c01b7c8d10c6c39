import type { Page } from '@playwright/test';
import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const PUBLIC_ACCOUNT_PAGES = ['/sign-in', '/sign-up', '/forgot-password', '/reset-password'];
const SIGNED_IN_PAGES = ['/dashboard', '/history', '/settings'];

/** Waits until the page shows its content rather than placeholders. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the account pages have no serious axe violations in the ${colorScheme} theme`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme });
    for (const path of PUBLIC_ACCOUNT_PAGES) {
      await page.goto(path);
      await settled(page);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await signUpByApi(page, `axe-${colorScheme}`);
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      await settled(page);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'delete dialog').toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the slide-out menu moves between the signed-in pages', async ({ page }) => {
    await signUpByApi(page, 'phone');
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Account', exact: true })).toBeHidden();
    const openMenu = page.getByRole('button', { name: 'Open menu', exact: true });
    const menu = page.getByRole('dialog', { name: 'Menu' });

    for (const [link, heading] of [
      ['Extract', /./],
      ['Settings', 'Settings'],
      ['History', 'Extraction history'],
      ['Dashboard', 'Dashboard'],
    ] as const) {
      await openMenu.click();
      await menu.getByRole('link', { name: link }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${link.toLowerCase()}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });

  test('the account pages fit the screen without sideways scrolling', async ({ page }) => {
    const check = async (path: string) => {
      await page.goto(path);
      await settled(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    };
    for (const path of PUBLIC_ACCOUNT_PAGES) await check(path);
    await signUpByApi(page, 'phone-fit');
    for (const path of SIGNED_IN_PAGES) await check(path);
  });
});
