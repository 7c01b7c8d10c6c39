import type { Locator, Page } from '@playwright/test';
import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const APP_PAGES = [
  { path: '/dashboard', link: 'Dashboard', heading: 'Dashboard' },
  { path: '/extract', link: 'Extract', heading: 'New extraction' },
  { path: '/history', link: 'History', heading: 'Extraction history' },
  { path: '/settings', link: 'Settings', heading: 'Settings' },
] as const;
const PHONE = { width: 390, height: 844 };
const SCHEMES = ['light', 'dark'] as const;

/** Waits until the page shows its content rather than placeholders. */
async function settled(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
}

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const colorScheme of SCHEMES) {
  test(`every signed-in page sits in the app layout with its sidebar (${colorScheme} theme)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme });
    const { email } = await signUpByApi(page, `shell-${colorScheme}`);
    for (const { path, link, heading } of APP_PAGES) {
      await page.goto(path);
      await settled(page, heading);
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await expect(sidebar.getByRole('link', { name: 'Rowsmith home' })).toBeVisible();
      const nav = sidebar.getByRole('navigation', { name: 'Account' });
      await expect(nav.getByRole('link')).toHaveText([
        'Dashboard',
        'Extract',
        'History',
        'Settings',
      ]);
      await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
      await expect(
        sidebar.getByRole('button', { name: `Account menu for ${email}` }),
      ).toBeVisible();
      // Not the marketing header: no Product menu, no About link, no second account menu.
      await expect(page.getByRole('button', { name: 'Product', exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'About', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(1);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test(`the sidebar's account menu holds the email, the theme and Sign out (${colorScheme} theme)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const { email } = await signUpByApi(page, `account-menu-${colorScheme}`);
    await page.goto('/history');
    await settled(page, 'Extraction history');
    const trigger = page.getByRole('button', { name: `Account menu for ${email}` });
    const menu = page.getByRole('menu');
    const other = colorScheme === 'light' ? 'dark' : 'light';

    await trigger.click();
    await expect(menu).toContainText(email);
    await expect(menu.getByRole('menuitemradio')).toHaveText(['Light', 'Dark', 'System']);
    await expect(menu.getByRole('menuitemradio', { name: 'System' })).toBeChecked();
    expect(await seriousViolations(page), 'menu open').toEqual([]);
    await menu.getByRole('menuitemradio', { name: other === 'dark' ? 'Dark' : 'Light' }).click();
    await expectTheme(page, other);

    await trigger.click();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test.describe(`on a phone (${colorScheme} theme)`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test('one menu holds the pages, the theme, the account and Sign out', async ({ page }) => {
      test.setTimeout(60_000);
      await page.emulateMedia({ colorScheme });
      const { email } = await signUpByApi(page, `one-menu-${colorScheme}`);
      await page.goto('/dashboard');
      await settled(page, 'Dashboard');
      await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
      const bar = page.getByRole('banner');
      await expect(bar.getByRole('link', { name: 'Rowsmith home' })).toBeVisible();
      // The bar has one button: the menu. No separate theme or account button anywhere.
      await expect(bar.getByRole('button')).toHaveCount(1);
      await expect(bar.getByRole('button')).toHaveAccessibleName('Open menu');
      await expect(page.getByRole('button', { name: /Account menu|Theme/ })).toHaveCount(0);
      expect(await seriousViolations(page), 'closed').toEqual([]);

      const openMenu = bar.getByRole('button', { name: 'Open menu' });
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await openMenu.click();
      await expect(menu.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText([
        'Dashboard',
        'Extract',
        'History',
        'Settings',
      ]);
      const themes = menu.getByRole('group', { name: 'Theme' });
      await expect(themes.getByRole('radio')).toHaveCount(3);
      await expect(themes.getByRole('radio', { name: 'System' })).toBeChecked();
      await expect(menu).toContainText(email);
      await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
      expect(await seriousViolations(page), 'open').toEqual([]);

      const other = colorScheme === 'light' ? 'dark' : 'light';
      await themes.getByRole('radio', { name: other === 'dark' ? 'Dark' : 'Light' }).check();
      await expectTheme(page, other);
      await expect(
        themes.getByRole('radio', { name: other === 'dark' ? 'Dark' : 'Light' }),
      ).toBeChecked();
      expect(await seriousViolations(page), `open, ${other}`).toEqual([]);

      await menu.getByRole('link', { name: 'Settings' }).click();
      await expect(menu).toBeHidden();
      await settled(page, 'Settings');
      await openMenu.click();
      await menu.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
    });
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    test(`a signed-in visitor on / sees the converter and Open dashboard, not sign-up prompts (${viewport}, ${colorScheme} theme)`, async ({
      page,
    }) => {
      if (viewport === 'phone') await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme });
      await signUpByApi(page, `home-${viewport}-${colorScheme}`);
      await page.goto('/');
      const open = page.getByRole('main').getByRole('link', { name: 'Open dashboard' });
      await expect(open).toHaveAttribute('href', '/dashboard');
      await expect(page.getByRole('form', { name: 'Converter' })).toBeVisible();
      await expect(page.getByText('Get Started')).toHaveCount(0);
      await expect(page.getByText(/3 free extractions without an account/)).toHaveCount(0);
      await expect(page.getByText('Get 10 Credits Free')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await open.click();
      await settled(page, 'Dashboard');
    });

    test(`the focused skip link sits clear of the logo (${viewport}, ${colorScheme} theme)`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      if (viewport === 'phone') await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme });
      const check = async (logo: Locator) => {
        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: 'Skip to content' });
        await expect(skip).toBeFocused();
        await expect(skip).toBeVisible();
        // Both boxes from one frame: two separate reads once straddled a layout change as the
        // dashboard's data arrived, and compared a link and a logo that were never on screen together.
        const boxes = await skip.evaluate(
          (link, logoLink) => {
            const box = (element: Element) => {
              const { x, y, width, height } = element.getBoundingClientRect();
              return { x, y, width, height };
            };
            return { skipBox: box(link), logoBox: box(logoLink) };
          },
          await logo.elementHandle(),
        );
        expect(overlaps(boxes.skipBox, boxes.logoBox), JSON.stringify(boxes)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('main')).toBeFocused();
      };

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(page.getByRole('banner').getByRole('link', { name: 'Rowsmith home' }));

      await signUpByApi(page, `skip-${viewport}-${colorScheme}`);
      await page.goto('/dashboard');
      await settled(page, 'Dashboard');
      const logo = page
        .getByRole(viewport === 'phone' ? 'banner' : 'complementary')
        .getByRole('link', { name: 'Rowsmith home' });
      await check(logo);
    });
  }
}
