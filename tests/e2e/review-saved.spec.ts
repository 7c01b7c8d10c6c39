import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { ORDER_COLUMNS, ordersPdf, ordersTable } from '../fixtures/review-fixtures';
import { signUpByApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { chooseFile, openConverter, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';
import {
  flagged,
  reviewStatement,
  runJobWith,
  runStatement,
  STATEMENT_COLUMNS,
} from './support/review';
import { E2E_DATA_DIR, PLANT_ERRORS_MARKER } from './support/server';

// Issue 19 point 4, from the server: what is corrected, accepted or undone in the review is kept
// with the job (POST and DELETE /api/jobs/{id}/corrections), so a reload or History shows it, and
// the server's downloads hold it; PDFs show the picture of their page with the value's box.

test.describe.configure({ timeout: 120_000 });

const NOT_FOUND = 'Not found in the source.';
// The statement's first row, as the source has it: the model's amount (-21.99) is planted.
const FIRST_ROW = '2026-01-01,Green Grocer,-12.99,4187.01';

type Box = {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  pageWidth: number;
  pageHeight: number;
};
type JobList = { jobs: { id: string; documents: { id: string }[] }[] };

async function latestJob(page: Page) {
  const { jobs } = (await (await page.request.get('/api/jobs')).json()) as JobList;
  const job = jobs[0];
  if (!job) throw new Error('No job was listed.');
  return job;
}

/** The lines of a CSV file the page downloads when `click` is done. */
async function downloadedCsv(page: Page, click: () => Promise<void>): Promise<string[]> {
  const waiting = page.waitForEvent('download');
  await click();
  return (await readFile(await (await waiting).path())).toString('utf8').split(/\r?\n/);
}

async function openReview(result: Locator) {
  await result.getByRole('button', { name: /^Review \d+ cells?$/ }).click();
  return result.getByRole('region', { name: 'Review' });
}

test('a correction, an accept and an undo are kept: reopened from History, and in the downloads', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpByApi(page, 'review-saved');
  let result = await runStatement(page, '/extract');
  let grid = result.getByRole('grid', { name: 'Extracted rows' });

  const review = await openReview(result);
  await expect(review.getByRole('heading', { name: 'amount, row 1' })).toBeVisible();
  // Beside the sidebar at 1280 px the review stacks under its cell, the grid keeping its width;
  // at 1400 px it sits beside a grid that keeps at least 640 px.
  expect((await review.boundingBox())!.y).toBeGreaterThan((await grid.boundingBox())!.y + 30);
  expect((await grid.boundingBox())!.width).toBeGreaterThan(900);
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect
    .poll(async () => ((await review.boundingBox())?.x ?? 0) - (await grid.boundingBox())!.x)
    .toBeGreaterThan(640);
  expect((await grid.boundingBox())!.width).toBeGreaterThanOrEqual(640);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(review.getByRole('heading', { name: 'amount, row 1' })).toBeVisible();
  await page.keyboard.press('e');
  await review.getByLabel('New value for amount, row 1').fill('-12.99');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('gridcell', { name: '-12.99 (edited)' })).toBeVisible();
  // Accept the pharmacy (row 3), then correct the florist and take that back.
  await expect(review.getByRole('heading', { name: 'description, row 3' })).toBeVisible();
  await page.keyboard.press('a');
  await expect(
    grid.getByRole('gridcell', { name: 'Harbourside Pharmacy (accepted)' }),
  ).toBeVisible();
  const florist = flagged(grid, 'Quayside Florist', NOT_FOUND);
  await expect(florist).toBeFocused();
  await page.keyboard.press('e');
  const floristRow = (await review.getByRole('heading').first().textContent()) ?? '';
  await review.getByLabel(`New value for ${floristRow}`).fill('Quayside Flowers');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('gridcell', { name: 'Quayside Flowers (edited)' })).toBeVisible();
  await grid.getByRole('gridcell', { name: 'Quayside Flowers (edited)' }).click();
  await expect(review.getByRole('heading', { name: floristRow })).toBeVisible();
  await expect(review).toContainText(
    'You corrected this value; the model gave “Quayside Florist”.',
  );
  await review.getByRole('button', { name: 'Undo the correction' }).click();
  await expect(florist).toBeVisible();
  await expect(review).toContainText('8 cells left to review');
  const { id: jobId } = await latestJob(page);

  // Reopened from History: the same cells, from the server.
  await page.goto('/history');
  await page
    .getByRole('list', { name: 'Your extractions, newest first' })
    .getByRole('link', { name: /^Open / })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/extract\\?job=${jobId}$`));
  // A single run reopened is one result (issue 20 point 10).
  result = page.getByRole('region', { name: 'Result' });
  grid = result.getByRole('grid', { name: 'Extracted rows' });
  await expect(grid.getByRole('gridcell', { name: '-12.99 (edited)' })).toBeVisible();
  await expect(
    grid.getByRole('gridcell', { name: 'Harbourside Pharmacy (accepted)' }),
  ).toBeVisible();
  await expect(flagged(grid, 'Quayside Florist', NOT_FOUND)).toBeVisible();
  await expect(result.getByRole('button', { name: 'Review 8 cells' })).toBeVisible();
  // What the model gave is still known.
  await grid.getByRole('gridcell', { name: '-12.99 (edited)' }).click();
  await expect(page.getByRole('dialog')).toContainText('the model gave “-21.99”');
  await page.keyboard.press('Escape');

  // Copy's and the downloads' values are the server's: the page's CSV and History's agree.
  const shown = await downloadedCsv(page, () =>
    result.getByRole('button', { name: 'Download CSV' }).click(),
  );
  await page.goto('/history');
  const stored = await downloadedCsv(page, () =>
    page
      .getByRole('list', { name: 'Your extractions, newest first' })
      .getByRole('link', { name: /as CSV$/ })
      .first()
      .click(),
  );
  expect(shown.find((line) => line.endsWith(FIRST_ROW))).toBeDefined();
  expect(stored.find((line) => line.endsWith(FIRST_ROW))).toBeDefined();
  // History's file is the job's table, under its `source` column; the rows are the same.
  const withoutSource = (line: string) => line.replace(/^("(?:[^"]|"")*"|[^,]*),/, '');
  expect(stored.slice(1).filter(Boolean).map(withoutSource)).toEqual(
    shown.slice(1).filter(Boolean),
  );
  expect(stored.join('\n')).toContain('Harbourside Pharmacy');
  expect(stored.join('\n')).not.toContain('Quayside Flowers');
});

test('a batch: an edit and an accept in the combined table outlast a reload, and so does an undo', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpByApi(page, 'review-saved-batch');
  const job = await runJobWith(page, {
    columns: STATEMENT_COLUMNS,
    description: `Statements. ${PLANT_ERRORS_MARKER}`,
    inputs: [
      { text: reviewStatement() },
      { text: 'Date: 2026-02-01\nDescription: Rent\nAmount: -900.00\nBalance: 100.00' },
    ],
  });
  await page.goto(`/extract?job=${job.id}`);
  const result = page.getByRole('region', { name: 'Result' });
  const grid = result.getByRole('grid', { name: 'Combined rows' });
  await expect(flagged(grid, '-21.99', NOT_FOUND)).toBeVisible();
  const before = await result.getByRole('button', { name: /^Review \d+ cells$/ }).textContent();
  const count = Number(/\d+/.exec(before ?? '')?.[0]);

  let review = await openReview(result);
  await expect(review.getByRole('heading', { name: 'amount, row 1' })).toBeVisible();
  await page.keyboard.press('e');
  await review.getByLabel('New value for amount, row 1').fill('-12.99');
  await page.keyboard.press('Enter');
  await expect(review.getByRole('heading', { name: 'description, row 3' })).toBeVisible();
  await page.keyboard.press('a');
  await expect(
    grid.getByRole('gridcell', { name: 'Harbourside Pharmacy (accepted)' }),
  ).toBeVisible();

  await page.reload();
  await expect(grid.getByRole('gridcell', { name: '-12.99 (edited)' })).toBeVisible();
  await expect(
    grid.getByRole('gridcell', { name: 'Harbourside Pharmacy (accepted)' }),
  ).toBeVisible();
  await expect(result.getByRole('button', { name: `Review ${count - 2} cells` })).toBeVisible();

  // Undo of a correction the server sent: the model's value and its flag are back, and stay.
  review = await openReview(result);
  await grid.getByRole('gridcell', { name: '-12.99 (edited)' }).click();
  await expect(review.getByRole('heading', { name: 'amount, row 1' })).toBeVisible();
  await page.keyboard.press('u');
  await expect(flagged(grid, '-21.99', NOT_FOUND)).toBeVisible();
  await page.reload();
  await expect(flagged(grid, '-21.99', NOT_FOUND)).toBeVisible();
  await expect(
    grid.getByRole('gridcell', { name: 'Harbourside Pharmacy (accepted)' }),
  ).toBeVisible();
  const table = (await (
    await page.request.get(`/api/jobs/${job.id}/result?format=json`)
  ).json()) as {
    rows: Record<string, unknown>[];
    review: { edited: number };
  };
  expect(table.rows[0]).toMatchObject({ amount: -21.99 });
  expect(table.review.edited).toBe(0);
});

/** True when nothing has the keyboard's focus: it has dropped to the page. */
const focusIsOnThePage = (page: Page) =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

/**
 * Presses `key` on a reopened run and waits until the page has read the document's result again
 * from the server (as it does after each save or undo) and drawn what it read.
 */
async function pressAndReread(page: Page, key: string) {
  const reread = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      /\/api\/jobs\/[^/]+\/documents\/[^/]+\/result$/.test(new URL(response.url()).pathname),
  );
  await page.keyboard.press(key);
  await (await reread).finished();
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

// Issue 32 point 8: on a run reopened from its address, whose table is read again from the
// server after each save, Accept closed the review and left the focus on the page; and U after
// A or E did nothing, as it looked only at the cell the review had moved on to.
test('a reopened run is reviewed by keyboard: A and E go on to the next flagged cell, and U takes them back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpByApi(page, 'review-keys');
  const job = await runJobWith(page, {
    columns: STATEMENT_COLUMNS,
    description: `My January statement. ${PLANT_ERRORS_MARKER}`,
    inputs: [{ text: reviewStatement(4) }],
  });
  await page.goto(`/extract?job=${job.id}`);
  const result = page.getByRole('region', { name: 'Result' });
  const grid = result.getByRole('grid', { name: 'Extracted rows' });
  const amount = flagged(grid, '-21.99', NOT_FOUND);
  const pharmacy = flagged(grid, 'Harbourside Pharmacy', NOT_FOUND);

  const review = await openReview(result);
  await expect(review.getByRole('heading', { name: 'amount, row 1' })).toBeVisible();
  await expect(amount).toBeFocused();
  await expect(review).toContainText('2 cells left to review');

  // A on the first of the two: the review goes on to the second, open, with the focus on it.
  await pressAndReread(page, 'a');
  await expect(grid.getByRole('gridcell', { name: '-21.99 (accepted)' })).toBeVisible();
  await expect(review.getByRole('heading', { name: 'description, row 3' })).toBeVisible();
  await expect(pharmacy).toBeFocused();
  await expect(review).toContainText('1 cell left to review');
  expect(await focusIsOnThePage(page)).toBe(false);

  // U right away takes that accept back: the first is flagged again, and the current cell.
  await page.keyboard.press('u');
  await expect(amount).toBeFocused();
  await expect(review.getByRole('heading', { name: 'amount, row 1' })).toBeVisible();
  await expect(review).toContainText('2 cells left to review');

  // So does U after an edit.
  await page.keyboard.press('e');
  await review.getByLabel('New value for amount, row 1').fill('-12.99');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('gridcell', { name: '-12.99 (edited)' })).toBeVisible();
  await expect(pharmacy).toBeFocused();
  await expect(
    review.getByRole('button', { name: 'Undo the correction of amount, row 1' }),
  ).toBeVisible();
  await page.keyboard.press('u');
  await expect(amount).toBeFocused();
  await expect(review).toContainText('2 cells left to review');

  // A on the last flagged cell: the review stays on it, says so, and U still takes it back.
  await page.keyboard.press('n');
  await expect(pharmacy).toBeFocused();
  await pressAndReread(page, 'a');
  const accepted = grid.getByRole('gridcell', { name: 'Harbourside Pharmacy (accepted)' });
  await expect(accepted).toBeFocused();
  await expect(review.getByRole('heading', { name: 'description, row 3' })).toBeVisible();
  await expect(review).toContainText(
    '1 cell left to review. No more flagged cells after this one.',
  );
  expect(await focusIsOnThePage(page)).toBe(false);
  await page.keyboard.press('u');
  await expect(pharmacy).toBeFocused();
  await expect(review).toContainText('2 cells left to review');

  // The server has both cells as they were.
  await page.reload();
  await expect(amount).toBeVisible();
  await expect(pharmacy).toBeVisible();
  await expect(result.getByRole('button', { name: 'Review 2 cells' })).toBeVisible();
});

test('a PDF’s value is highlighted on the picture of its page, where the word is', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const orders = ordersTable(50);
  const converter = await openConverter(page);
  await chooseFile(page, converter, {
    name: 'orders.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await ordersPdf(orders)),
  });
  await converter.getByLabel(/Description/).fill(`Orders. ${PLANT_ERRORS_MARKER}`);
  await setColumns(
    converter,
    ORDER_COLUMNS.map(({ name, type }) => ({
      name,
      type: type === 'number' ? 'Number' : type === 'date' ? 'Date' : 'Text',
    })),
  );
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  const grid = result.getByRole('grid', { name: 'Extracted rows' });
  await expect(result.getByRole('button', { name: /^Review \d+ cells$/ })).toBeVisible({
    timeout: 30_000,
  });
  await flagged(grid, '36.25', 'Found only in another row').click();
  const review = await openReview(result);
  await expect(review.getByRole('heading', { name: 'total, row 23' })).toBeVisible();

  const picture = review.getByRole('img', { name: 'Page 1 of the document' });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  const valueBox = review.locator('[data-box="value"]');
  await expect(valueBox).toHaveCount(1);
  await expect(review.locator('[data-box="row"]').first()).toBeAttached();

  // Where the server found the value: on the page as the PDF was drawn (right-aligned at 530 pt,
  // on the line of a row whose total is 36.25).
  const job = await latestJob(page);
  const document = (await (
    await page.request.get(`/api/jobs/${job.id}/documents/${job.documents[0]!.id}/result`)
  ).json()) as { cells: Record<string, { evidence: { box?: Box } | null }>[] };
  const box = document.cells[22]?.total?.evidence?.box;
  if (!box) throw new Error('The value has no box.');
  expect(box).toMatchObject({ page: 1, pageWidth: 595, pageHeight: 842 });
  expect(box.x + box.width).toBeCloseTo(530, 0);
  const baselines = orders.rows
    .slice(0, 40)
    .flatMap((row, index) => (row[4] === '36.25' ? [842 - (742 - index * 17)] : []));
  expect(baselines.some((line) => line > box.y && line < box.y + box.height + 1)).toBe(true);

  // Drawn on the picture where that is, at 100% and zoomed in.
  for (const zoom of ['100%', '150%']) {
    if (zoom !== '100%') await review.getByRole('button', { name: 'Zoom in' }).click();
    await expect(review.getByText(`Page 1 · ${zoom}`)).toBeVisible();
    const [shown, image] = [(await valueBox.boundingBox())!, (await picture.boundingBox())!];
    const scale = image.width / box.pageWidth;
    expect(image.height / image.width).toBeCloseTo(842 / 595, 1);
    expect(Math.abs(shown.x - (image.x + box.x * scale))).toBeLessThan(2);
    expect(Math.abs(shown.y - (image.y + box.y * (image.height / box.pageHeight)))).toBeLessThan(2);
    expect(Math.abs(shown.width - box.width * scale)).toBeLessThan(2);
    expect(Math.abs(shown.height - box.height * (image.height / box.pageHeight))).toBeLessThan(2);
  }
  // The zoom chosen stays when the review is closed and opened again.
  await page.keyboard.press('Escape');
  await expect(review).toHaveCount(0);
  await flagged(grid, '36.25', 'Found only in another row').click();
  await openReview(result);
  await expect(review.getByText('Page 1 · 150%')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a correction that is refused says why and loses nothing', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 410 \(Gone\)/);
  await page.setViewportSize({ width: 1280, height: 900 });
  const result = await runStatement(page);
  const grid = result.getByRole('grid', { name: 'Extracted rows' });
  const review = await openReview(result);
  await expect(review.getByRole('heading', { name: 'amount, row 1' })).toBeVisible();

  // A day later the visitor's results are gone: the sweep marks them so.
  const { id } = await latestJob(page);
  const db = new Database(join(E2E_DATA_DIR, 'rowsmith.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE jobs SET results_expired_at = ? WHERE id = ?').run(
      new Date().toISOString(),
      id,
    );
  } finally {
    db.close();
  }
  const expired =
    'The results of this run were deleted: runs without an account are kept for 24 hours. Sign up to keep your runs.';

  await page.keyboard.press('e');
  const field = review.getByLabel('New value for amount, row 1');
  await field.fill('-12.99');
  await page.keyboard.press('Enter');
  await expect(review.getByRole('alert')).toHaveText(`The correction was not saved. ${expired}`);
  await expect(field).toHaveValue('-12.99');
  await expect(field).toBeVisible();
  await expect(flagged(grid, '-21.99', NOT_FOUND)).toBeVisible();

  await review.getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('a');
  await expect(review.getByRole('alert')).toHaveText(`Not saved. ${expired}`);
  await expect(flagged(grid, '-21.99', NOT_FOUND)).toBeFocused();
  await expect(review).toContainText('10 cells left to review');
});
