import { expect, type Locator, type Page } from '@playwright/test';
import { statementTable, statementText } from '../../fixtures/review-fixtures';
import { openConverter, pasteText, setColumns } from './converter';
import { E2E_PORT, PLANT_ERRORS_MARKER } from './server';

/**
 * A bank statement of 20 payments, as pasted: a Markdown table and, below it, a small summary
 * table, so the model reads it (one clean table alone is read without the model). With
 * PLANT_ERRORS_MARKER in the description the fake model gets 8 of its values wrong, the same
 * ones every time, and review flags 10 cells; of its first 4 payments, 2 (amount in row 1,
 * description in row 3).
 */
export function reviewStatement(payments = 20): string {
  const table = statementTable(payments);
  const closing = table.rows.at(-1)?.[3] ?? '';
  return [
    statementText(table),
    '',
    '| Opening balance | Closing balance |',
    '| --- | --- |',
    `| 4,200.00 | ${closing} |`,
  ].join('\n');
}

export const STATEMENT_COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
  { name: 'balance', type: 'number' },
];

type JobInput = { text: string } | { url: string };

export type FinishedJob = { id: string; documents: { id: string; name: string }[] };

/** POST /api/jobs in the page's browser context, and waits until the job has ended. */
export async function runJobWith(
  page: Page,
  request: {
    inputs: JobInput[];
    columns: { name: string; type: string }[];
    fields?: { name: string; type: string }[];
    rules?: Record<string, unknown>[];
    description?: string;
  },
): Promise<FinishedJob> {
  const response = await page.request.post('/api/jobs', {
    data: request,
    headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(response.status(), await response.text()).toBe(202);
  const { id } = (await response.json()) as { id: string };
  let documents: FinishedJob['documents'] = [];
  await expect
    .poll(
      async () => {
        const job = (await (await page.request.get(`/api/jobs/${id}`)).json()) as {
          status: string;
          documents: FinishedJob['documents'];
        };
        documents = job.documents;
        return job.status;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(succeeded|partial|failed|cancelled)$/);
  return { id, documents };
}

/** Runs reviewStatement() with planted errors in the converter at `path`; answers the result. */
export async function runStatement(page: Page, path = '/') {
  const converter = await openConverter(page, path);
  await pasteText(converter, reviewStatement());
  await converter.getByLabel(/Description/).fill(`My January statement. ${PLANT_ERRORS_MARKER}`);
  await setColumns(converter, [
    { name: 'date', type: 'Date' },
    'description',
    { name: 'amount', type: 'Number' },
    { name: 'balance', type: 'Number' },
  ]);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Showing 1–20 of 20 rows')).toBeVisible({ timeout: 20_000 });
  return result;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** A grid cell holding `value`, flagged for review, whose name gives `why` first. */
export const flagged = (grid: Locator, value: string, why: string | RegExp) =>
  grid.getByRole('gridcell', {
    name: new RegExp(
      `^${escaped(value)} \\(flagged for review: ${typeof why === 'string' ? escaped(why) : why.source}`,
    ),
  });
