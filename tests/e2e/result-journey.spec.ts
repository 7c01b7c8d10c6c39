import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { openConverter, pasteText, setColumns, type ColumnInput } from './support/converter';
import { expect, test } from './support/fixtures';

// The anonymous journey of issue 6: paste, run, sort, copy, and each download read back.

const TSV = [
  'product\tprice\tin_stock\tlisted',
  'Desk, oak\t120\tyes\t2026-01-15',
  'Chair\t45.5\tno\t2025-11-02',
  'Lamp "Arc"\t19\tyes\t2026-03-01',
].join('\n');

const COLUMNS: ColumnInput[] = [
  { name: 'product', type: 'Text' },
  { name: 'price', type: 'Number' },
  { name: 'in_stock', type: 'Boolean' },
  { name: 'listed', type: 'Date' },
];

async function runPastedTable(page: Page) {
  const converter = await openConverter(page);
  await pasteText(converter, TSV);
  await setColumns(converter, COLUMNS);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–3 of 3 rows')).toBeVisible();
  return result;
}

async function firstColumn(page: Page) {
  return page.getByRole('grid').locator('tbody tr td:first-child').allInnerTexts();
}

test('a pasted table runs, sorts, copies as cells and downloads as CSV, JSON and XLSX', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const result = await runPastedTable(page);
  expect(await firstColumn(page)).toEqual(['Desk, oak', 'Chair', 'Lamp "Arc"']);

  const price = result.getByRole('columnheader', { name: 'price' });
  await price.getByRole('button').click();
  await expect(price).toHaveAttribute('aria-sort', 'ascending');
  expect(await firstColumn(page)).toEqual(['Lamp "Arc"', 'Chair', 'Desk, oak']);
  await price.getByRole('button').click();
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  expect(await firstColumn(page)).toEqual(['Desk, oak', 'Chair', 'Lamp "Arc"']);
  await price.getByRole('button').click();
  await expect(price).toHaveAttribute('aria-sort', 'none');
  const listed = result.getByRole('columnheader', { name: 'listed' });
  await listed.getByRole('button').click();
  expect(await firstColumn(page)).toEqual(['Chair', 'Desk, oak', 'Lamp "Arc"']);

  // Copy and the downloads hold the rows as the table shows them: sorted by listed (issue 20
  // point 8), typed, prices with the one decimal the source gives them.
  await result.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trimEnd().split(/\r?\n/)).toEqual([
    'product\tprice\tin_stock\tlisted',
    'Chair\t45.5\tfalse\t2025-11-02',
    'Desk, oak\t120.0\ttrue\t2026-01-15',
    'Lamp "Arc"\t19.0\ttrue\t2026-03-01',
  ]);

  const download = async (format: string) => {
    const waiting = page.waitForEvent('download');
    await result.getByRole('button', { name: `Download ${format}` }).click();
    const file = await waiting;
    // Named after the source and the time (issue 20 point 9): pasted text is "extraction".
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^extraction_\\d{4}-\\d{2}-\\d{2}_\\d{4}\\.${format.toLowerCase()}$`),
    );
    return readFile(await file.path());
  };

  // For Excel: a byte order mark, and prices with the one decimal the source gives them.
  expect((await download('CSV')).toString('utf8')).toBe(
    [
      '\uFEFFproduct,price,in_stock,listed',
      'Chair,45.5,false,2025-11-02',
      '"Desk, oak",120.0,true,2026-01-15',
      '"Lamp ""Arc""",19.0,true,2026-03-01',
      '',
    ].join('\r\n'),
  );
  expect(JSON.parse((await download('JSON')).toString('utf8'))).toEqual([
    { product: 'Chair', price: 45.5, in_stock: false, listed: '2025-11-02' },
    { product: 'Desk, oak', price: 120, in_stock: true, listed: '2026-01-15' },
    { product: 'Lamp "Arc"', price: 19, in_stock: true, listed: '2026-03-01' },
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await download('XLSX')).buffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'product', 'price', 'in_stock', 'listed']);
  expect(sheet.getRow(2).values).toEqual([
    undefined,
    'Chair',
    45.5,
    false,
    new Date('2025-11-02T00:00:00Z'),
  ]);
  expect(sheet.getCell('B3').value).toBe(120);
  expect(sheet.getCell('C3').value).toBe(true);
  expect(sheet.rowCount).toBe(4);
});

test('Copy and CSV show a formula-like cell as text, and leave text amounts alone', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const converter = await openConverter(page);
  await pasteText(
    converter,
    ['payee\tamount', '=HYPERLINK("https://evil.example","Refund")\t-1883.70', 'Rent\t+12'].join(
      '\n',
    ),
  );
  await setColumns(converter, ['payee', 'amount']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–2 of 2 rows')).toBeVisible();
  // The table shows the value as found; only what goes to a spreadsheet is neutralised.
  await expect(result.getByRole('gridcell', { name: '=HYPERLINK' })).toBeVisible();

  await result.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trimEnd().split(/\r?\n/)).toEqual([
    'payee\tamount',
    '\'=HYPERLINK("https://evil.example","Refund")\t-1883.70',
    'Rent\t+12',
  ]);

  const waiting = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile(await (await waiting).path())).toString('utf8');
  expect(csv.split('\r\n')[1]).toBe('"\'=HYPERLINK(""https://evil.example"",""Refund"")",-1883.70');
});

test('a cell opens the passage it came from', async ({ page }) => {
  const result = await runPastedTable(page);
  await result.getByRole('gridcell', { name: 'Chair' }).click();
  const passage = page.getByRole('dialog');
  await expect(passage.locator('mark')).toHaveText('Chair');
  await expect(passage).toContainText('45.5');
  await page.keyboard.press('Escape');
  await expect(passage).toHaveCount(0);
});

test('many rows are paged truthfully', async ({ page }) => {
  const rows = Array.from({ length: 57 }, (_, i) => `Item ${i + 1}\t${i + 1}`);
  const converter = await openConverter(page);
  await pasteText(converter, ['name\tqty', ...rows].join('\n'));
  await setColumns(converter, ['name', { name: 'qty', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  const result = page.getByRole('region', { name: 'Result' });
  // 25 rows a page unless the user chose another size (issue 20 point 19).
  await expect(result.getByText('Showing 1–25 of 57 rows')).toBeVisible();
  await expect(result.locator('tbody tr')).toHaveCount(25);
  await result.getByRole('button', { name: /Next/ }).click();
  await expect(result.getByText('Showing 26–50 of 57 rows')).toBeVisible();
  await expect(result.getByRole('gridcell', { name: 'Item 26', exact: true })).toBeVisible();
});

test('a result that only partly matches the columns shows the amber notice and why', async ({
  page,
}) => {
  const converter = await openConverter(page);
  await pasteText(
    converter,
    'We met on Tuesday to talk about the garden.\n\nEveryone brought a dish to share.',
  );
  await setColumns(converter, ['invoice_number', { name: 'total', type: 'Number' }]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();

  const result = page.getByRole('region', { name: 'Result' });
  await expect(
    result.getByRole('status').filter({
      hasText:
        "Data extraction was partially successful. The AI model may not have found data matching your column structure. Try adjusting your column names or providing more context about what you're trying to extract.",
    }),
  ).toBeVisible({ timeout: 20_000 });
  // SPEC.md section 8's fallback (the paragraphs) is shown beside the notice as the text it is,
  // never as rows of data (issue 20 point 11).
  const text = result.getByRole('figure', { name: /No rows were found/ });
  await expect(text).toContainText('not data');
  await expect(text.getByRole('blockquote', { name: 'The start of the text' })).toContainText(
    'We met on Tuesday to talk about the garden.',
  );
  await expect(text).toContainText('Everyone brought a dish to share.');
  await expect(result.getByRole('grid')).toHaveCount(0);
  await expect(result.getByRole('button', { name: /^Copy/ })).toHaveCount(0);
  await expect(result.getByText(/^0 rows · /)).toBeVisible();
});
