import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { PUBLIC_PAGES } from './support/pages';

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
    });
  }
}
