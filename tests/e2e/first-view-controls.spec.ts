import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// The controls of the first view that load lightly (the converter's tabs) or on first use (the
// header's menus) work by keyboard and mouse as they did with Radix.

async function expectSelected(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name })).toBeVisible();
}

test('the converter tabs move with the arrow keys, Home and End', async ({ page }) => {
  await page.goto('/');
  const converter = page.getByRole('form', { name: 'Converter' });
  const tabs = converter.getByRole('tablist', { name: 'Content to convert' });
  await expect(tabs.getByRole('tab')).toHaveText(['Upload File', 'Paste Text', 'Enter URL']);
  await tabs.getByRole('tab', { name: 'Upload File' }).focus();
  await expectSelected(page, 'Upload File');

  await page.keyboard.press('ArrowRight');
  await expectSelected(page, 'Paste Text');
  await expect(converter.getByLabel('Text to convert')).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Upload File' })).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('End');
  await expectSelected(page, 'Enter URL');
  await expect(converter.getByLabel('Web page address')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expectSelected(page, 'Upload File');
  await page.keyboard.press('ArrowLeft');
  await expectSelected(page, 'Enter URL');
  await page.keyboard.press('Home');
  await expectSelected(page, 'Upload File');
  // Tab leaves the tab list for the shown panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Upload File' })).toBeFocused();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the header menus open by keyboard and give the focus back (${colorScheme} theme)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const theme = page.getByRole('button', { name: 'Theme' });
    await theme.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveText(['Light', 'Dark', 'System']);
    expect(await seriousViolations(page), 'theme menu open').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(theme).toBeFocused();

    const product = page.getByRole('banner').getByRole('button', { name: 'Product' });
    await product.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem')).toHaveText([/Use Cases/, /Documentation/]);
    expect(await seriousViolations(page), 'product menu open').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(product).toBeFocused();
    await product.click();
    await menu.getByRole('menuitem', { name: /Documentation/ }).click();
    await expect(page).toHaveURL(/\/docs$/);
  });
}

test('a column type select opens by keyboard at once, keeps the focus and takes a typed letter', async ({
  page,
}) => {
  await page.goto('/');
  const converter = page.getByRole('form', { name: 'Converter' });
  const type = converter.getByRole('combobox', { name: 'Column 1 type' });
  await expect(type).toHaveText('Text');
  await expect(type).toHaveAttribute('aria-expanded', 'false');

  // The first key opens the list, whether or not Radix Select has arrived yet.
  await type.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option')).toHaveText(['Text', 'Number', 'Date', 'Boolean']);
  await expect(list.getByRole('option', { name: 'Text' })).toBeFocused();
  // Radix moves the focus a moment after each arrow key, as a person sees it move.
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { name: 'Number' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { name: 'Date' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(type).toHaveText('Date');
  await expect(type).toBeFocused();

  // A letter on the closed select picks the next type starting with it.
  await page.keyboard.press('b');
  await expect(type).toHaveText('Boolean');
  await expect(list).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a column type select opens on the first mouse press', async ({ page }) => {
  await page.goto('/');
  const converter = page.getByRole('form', { name: 'Converter' });
  await converter.getByRole('combobox', { name: 'Column 1 type' }).click();
  await page.getByRole('option', { name: 'Number', exact: true }).click();
  await expect(converter.getByRole('combobox', { name: 'Column 1 type' })).toHaveText('Number');
  await expect(converter.getByRole('combobox', { name: 'Column 1 type' })).toBeFocused();
});
