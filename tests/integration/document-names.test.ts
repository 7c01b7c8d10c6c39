import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionResponse } from '../../src/shared/extraction';
import type { Job, JobAccepted } from '../../src/shared/jobs';
import { signUp, type Browser } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { TEST_DATABASES } from '../support/test-databases';

const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'price', type: 'number' },
];
const CSV = 'item,price\nDesk,120\nLamp,19.5\n';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Names shown in History and on results: what a person reads must be what the name is. */
describe('document names', () => {
  let app: TestApp;
  let user: Browser;

  beforeAll(async () => {
    app = await createTestApp(TEST_DATABASES[0]!);
    user = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function jobNames(form: FormData | { inputs: unknown[] }): Promise<string[]> {
    const accepted = await user.request(
      '/api/jobs',
      form instanceof FormData ? { form } : { json: { columns: COLUMNS, ...form } },
    );
    expect(accepted.status, await accepted.clone().text()).toBe(202);
    const { id } = (await accepted.json()) as JobAccepted;
    const job = (await (await user.request(`/api/jobs/${id}`)).json()) as Job;
    return job.documents.map((document) => document.name);
  }

  it('drops bidi controls from uploaded file names and caps them at 255 characters', async () => {
    const form = new FormData();
    form.append('file', new File([CSV], 'price-list\u202Evsc.exe.csv', { type: 'text/csv' }));
    form.append('file', new File([CSV], `${'\u2066long'.repeat(100)}.csv`, { type: 'text/csv' }));
    form.set('request', JSON.stringify({ columns: COLUMNS }));
    const [spoofed, long] = await jobNames(form);
    expect(spoofed).toBe('price-listvsc.exe.csv');
    expect(long).not.toMatch(BIDI);
    expect(Array.from(long!)).toHaveLength(255);
    expect(long!.endsWith('….csv')).toBe(true);
  });

  it('drops them from names made from pasted text and addresses too', async () => {
    // A batch names its texts "Text 1"… or as given; a one-text job by the text's first words.
    const [given, url] = await jobNames({
      inputs: [
        { text: CSV, name: '\u202BMarch\u202C totals' },
        { url: `https://example.com/${'\u202Ereport'.repeat(60)}` },
      ],
    });
    expect(given).toBe('March totals');
    const [text] = await jobNames({ inputs: [{ text: `\u202BTotals for March\u202C\n${CSV}` }] });
    expect(text).toBe('Totals for March');
    expect(url).not.toMatch(BIDI);
    expect(Array.from(url!).length).toBeLessThanOrEqual(255);
  });

  it('gives a run the cleaned name of its file', async () => {
    const form = new FormData();
    form.set('file', new File([CSV], 'invoice\u202Efdp.csv', { type: 'text/csv' }));
    form.set('columns', JSON.stringify(COLUMNS));
    const response = await user.request('/api/extractions', { form });
    expect(response.status, await response.clone().text()).toBe(200);
    const result = (await response.json()) as ExtractionResponse;
    expect(result.source.fileName).toBe('invoicefdp.csv');
  });
});
