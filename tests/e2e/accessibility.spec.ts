import AxeBuilder from '@axe-core/playwright';
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
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        }));
      expect(serious).toEqual([]);
    });
  }
}
