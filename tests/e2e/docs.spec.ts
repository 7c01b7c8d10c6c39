import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const SECTIONS = [
  ['web-app', 'Quick start: web app'],
  ['command-line', 'Quick start: command line'],
  ['api', 'Quick start: API'],
  ['columns', 'Columns and types'],
  ['templates', 'Templates'],
  ['coercion', 'How values are converted'],
  ['limits', 'Limits'],
  ['statuses', 'Statuses and errors'],
  ['review', 'Review, corrections and eval'],
  ['automation', 'Inboxes, watched folders and schedules'],
  ['self-hosting', 'Self-hosting'],
  ['privacy-security', 'Privacy and security'],
  ['support', 'Support'],
] as const;

const EXAMPLES = join(import.meta.dirname, '../../docs/examples');

test('/docs has every section under its anchor, and keeps the support contact', async ({
  page,
}) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  for (const [id, title] of SECTIONS) {
    const heading = page.getByRole('heading', { level: 2, name: title, exact: true });
    await expect(heading).toHaveAttribute('id', `${id}-heading`);
    await expect(page.locator(`section#${id}`)).toContainText(title);
  }
  const main = page.getByRole('main');
  await expect(main).not.toContainText(/coming soon|being written/i);
  await expect(main.getByRole('link', { name: 'Email support' })).toHaveAttribute(
    'href',
    'mailto:support@rowsmith.app',
  );
  await expect(main.getByRole('link', { name: 'Use the contact form' })).toHaveAttribute(
    'href',
    '/contact',
  );
  // The statuses and templates come from the code: the 207 notice and every template key.
  await expect(page.locator('#statuses')).toContainText('partially successful');
  await expect(page.locator('#templates')).toContainText('stockPerformance');
  // Every reason a cell can be flagged for is explained.
  await expect(page.locator('#review')).toContainText('offline_disagrees');
  // Documents that arrive by themselves, and how to receive mail on a server of your own.
  await expect(page.locator('#automation')).toContainText('rowsmith watch DIR');
  await expect(page.locator('#self-hosting')).toContainText('INBOUND_SMTP_PORT');
});

test('the section list is operable by keyboard and follows the reader', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/docs');
  const nav = page.getByRole('navigation', { name: 'Documentation sections' }).first();
  const statuses = nav.getByRole('link', { name: 'Statuses and errors' });
  await statuses.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs#statuses$/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Statuses and errors' }),
  ).toBeInViewport();
  await expect(statuses).toHaveAttribute('aria-current', 'location');

  // Tab goes on from the section reached, not from the top of the page.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toBeVisible();
  expect(
    await focused.evaluate((element) => Boolean(element.closest('#statuses, #self-hosting'))),
  ).toBe(true);
});

test('on a phone the sections are a compact menu at the top', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs');
  const menu = page.getByText('Sections', { exact: true });
  await expect(menu).toBeVisible();
  // The sidebar is not shown on a phone, so this is the menu's list.
  const nav = page.getByRole('navigation', { name: 'Documentation sections' });
  const limits = nav.getByRole('link', { name: 'Limits', exact: true });
  await expect(limits).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(limits).toBeVisible();
  await limits.click();
  await expect(page).toHaveURL(/#limits$/);
  await expect(limits).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Limits' })).toBeInViewport();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('Copy puts the example, exactly as the tests run it, on the clipboard', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs#api');
  const copy = page.getByRole('button', { name: 'Copy extract.mts' });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(copy).toHaveText('Copied');
  await expect(page.getByRole('status').filter({ hasText: 'extract.mts copied' })).toBeAttached();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(readFileSync(join(EXAMPLES, 'extract.mts'), 'utf8').trimEnd());
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`/docs has no serious axe violations in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/docs');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    await expect(page.getByRole('heading', { level: 2, name: 'Support' })).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
