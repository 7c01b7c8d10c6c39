import type { Job, JobAccepted } from '../../src/shared/jobs';
import type { Browser } from './accounts';
import { textOf, type FakeChatRequest } from './fake-openai/types';
import { waitForJobEnd } from './test-jobs';

/**
 * Jobs whose results have something to review, for the tests of review, corrections and the
 * result shapes: two statements run by a model (the fake) that gives the January statement's
 * third amount as -21.00, a value the statement does not hold (so that cell is flagged).
 */
export const REVIEW_COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

export const JANUARY =
  'date,description,amount\n2026-01-02,Coffee,-3.20\n2026-01-03,Salary,2000\n2026-01-04,Train,-12.00\n';
export const FEBRUARY = 'date,description,amount\n2026-02-01,Rent,-900\n';

const JANUARY_ANSWER = [
  { date: '2026-01-02', description: 'Coffee', amount: '-3.20' },
  { date: '2026-01-03', description: 'Salary', amount: '2000' },
  { date: '2026-01-04', description: 'Train', amount: '-21.00' },
];
const FEBRUARY_ANSWER = [{ date: '2026-02-01', description: 'Rent', amount: '-900' }];

/** The fake model's answer: the rows above, by which statement the prompt holds. */
export function statementAnswer(request: FakeChatRequest): string {
  const prompt = request.messages.map(textOf).join('\n');
  const rows = prompt.includes('Coffee') ? JANUARY_ANSWER : FEBRUARY_ANSWER;
  return JSON.stringify({ data: rows });
}

/** Runs the two statements as one job (january.csv, then february.csv) and waits for its end. */
export async function runStatements(browser: Browser): Promise<Job> {
  const form = new FormData();
  form.append('file', new File([JANUARY], 'january.csv', { type: 'text/csv' }));
  form.append('file', new File([FEBRUARY], 'february.csv', { type: 'text/csv' }));
  form.set('request', JSON.stringify({ columns: REVIEW_COLUMNS }));
  const accepted = await browser.request('/api/jobs', { form });
  if (accepted.status !== 202) throw new Error(`job refused: ${await accepted.text()}`);
  return waitForJobEnd(browser, ((await accepted.json()) as JobAccepted).id);
}
