import { expect, type Locator, type Page } from '@playwright/test';

/** A column for the editor: a name, or a name and the type's label as its select shows it. */
export type ColumnInput = string | { name: string; type: 'Text' | 'Number' | 'Date' | 'Boolean' };

/** Opens the page and returns the converter form. */
export async function openConverter(page: Page, path = '/'): Promise<Locator> {
  await page.goto(path);
  const converter = page.getByRole('form', { name: 'Converter' });
  await expect(converter).toBeVisible();
  return converter;
}

export async function pasteText(converter: Locator, text: string) {
  await converter.getByRole('tab', { name: 'Paste Text' }).click();
  await converter.getByLabel('Text to convert').fill(text);
}

/** Fills the column editor from the first row, adding rows as needed. */
export async function setColumns(converter: Locator, columns: ColumnInput[]) {
  for (const [index, column] of columns.entries()) {
    if (index > 0) await converter.getByRole('button', { name: 'Add Column' }).click();
    const { name, type } = typeof column === 'string' ? { name: column, type: null } : column;
    await converter.getByLabel(`Column ${index + 1} name`).fill(name);
    if (type) await chooseColumnType(converter, index + 1, type);
  }
}

/** Picks a column's type in its select (a combobox button that opens a list of options). */
export async function chooseColumnType(
  converter: Locator,
  number: number,
  type: 'Text' | 'Number' | 'Date' | 'Boolean',
) {
  const select = converter.getByRole('combobox', { name: `Column ${number} type` });
  await select.click();
  await converter.page().getByRole('option', { name: type, exact: true }).click();
  await expect(select).toHaveText(type);
}

/** A file through the converter's file chooser. */
export async function chooseFile(
  page: Page,
  converter: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await converter.getByRole('button', { name: 'Choose File' }).click();
  await (await chooser).setFiles(file);
}
