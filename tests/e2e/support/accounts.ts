import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './server';

const run = promisify(execFile);

export const PASSWORD = 'correct horse battery';

/** The address better-auth checks on every POST. */
const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

export const PASTED_TSV =
  'date\tdescription\tamount\n2026-03-01\tCoffee\t3.50\n2026-03-02\tTrain\t12.00\n';

/** Text with no invoice in it: read against invoice columns it gives a partial (207) result. */
export const GARDEN_TEXT =
  'We met on Tuesday to talk about the garden.\n\nEveryone brought a dish to share.';

let counter = 0;

/** An email no other test (or earlier run) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs a new user up through the API, in the page's browser context (it shares the cookies). */
export async function signUpByApi(page: Page, label: string, name = 'Ada Lovelace') {
  const email = uniqueEmail(label);
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
    headers: { Origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password: PASSWORD, name };
}

/** A small pasted table the server reads without the model: a stored, successful run. */
export async function runPastedTable(page: Page) {
  const response = await page.request.post('/api/extractions', {
    data: {
      text: PASTED_TSV,
      columns: [
        { name: 'date', type: 'date' },
        { name: 'description', type: 'text' },
        { name: 'amount', type: 'number' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The operator command, against the browser tests' database. */
export async function grantCredits(email: string, amount: number) {
  await run(process.execPath, ['bin/rowsmith.js', 'credits', 'grant', email, String(amount)], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
}

/** Fills and sends the sign-in form. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Where sonner shows its toasts. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

type JobInput = { text: string } | { url: string };

/**
 * Sends a batch to POST /api/jobs, in the page's browser context, and waits until the workers
 * have finished it; answers the job's id.
 */
export async function runJob(
  page: Page,
  inputs: JobInput[],
  columns: { name: string; type: string }[] = [
    { name: 'date', type: 'date' },
    { name: 'description', type: 'text' },
    { name: 'amount', type: 'number' },
  ],
): Promise<string> {
  const response = await page.request.post('/api/jobs', {
    data: { columns, inputs },
    headers: { Origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(202);
  const { id } = (await response.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const job = (await (await page.request.get(`/api/jobs/${id}`)).json()) as {
          status: string;
        };
        return job.status;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(succeeded|partial|failed|cancelled)$/);
  return id;
}
