import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionResult } from '../../src/shared/extraction';
import type { Extractor } from '../../src/shared/extractors';
import { signUp } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { readUntilEvent } from '../support/sse';
import { TEST_DATABASES } from '../support/test-databases';

// Records (issue 31 point 5): POST /api/extractions and its stream take `fields` and `rules`,
// answer the document's fields beside its rows, and flag what the rules find.

type ErrorBody = {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
};

const RECEIPT = [
  'Corner Bakery',
  '',
  'Date: 2026-03-14',
  '',
  '| Item | Amount |',
  '| --- | --- |',
  '| Sourdough loaf | 4.50 |',
  '| Croissant | 2.20 |',
  '',
  'Total: 6.70',
].join('\n');

const INVOICE = [
  'Invoice number: INV-2041',
  '',
  '| Item | Amount |',
  '| --- | --- |',
  '| Paper | 40.00 |',
  '| Toner | 46.00 |',
  '| Delivery | 10.00 |',
  '',
  'Subtotal: 106.00',
].join('\n');

const ITEMS = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];
const SUM = { type: 'sum', column: 'amount', field: 'subtotal' };
const SUM_MESSAGE = 'The line amounts add up to 96.00; the subtotal says 106.00.';

describe.each(TEST_DATABASES)(
  'POST /api/extractions with fields and rules on $name',
  (database) => {
    let fake: FakeOpenAi;
    let offline: TestApp;
    let withModel: TestApp;

    beforeAll(async () => {
      fake = await startFakeOpenAi({ apiKey: 'test-key' });
      offline = await createTestApp(database, { READ_RATE_LIMIT: '1000' });
      withModel = await createTestApp(database, {
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: fake.baseUrl,
        READ_RATE_LIMIT: '1000',
      });
    });
    afterAll(async () => {
      await offline.close();
      await withModel.close();
      await fake.close();
    });

    const post = (app: TestApp, body: unknown, headers: Record<string, string> = {}) =>
      app.app.request('/api/extractions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    it.each([
      { engine: 'offline', app: () => offline },
      { engine: 'model', app: () => withModel },
    ])('answers a receipt’s fields beside its items ($engine)', async ({ engine, app }) => {
      const response = await post(app(), {
        text: RECEIPT,
        columns: ITEMS,
        fields: [
          { name: 'date', type: 'date' },
          { name: 'total', type: 'number' },
        ],
      });
      expect(response.status).toBe(200);
      const result = (await response.json()) as ExtractionResult;
      expect(result.engine).toBe(engine);
      expect(result.fields).toEqual({ date: '2026-03-14', total: 6.7 });
      expect(result.rows).toHaveLength(2);
      expect(result.fieldCells.total).toMatchObject({ flagged: false, edited: false });
      expect(result.fieldCells.total?.evidence).not.toBeNull();
    });

    it.each([
      { engine: 'offline', app: () => offline },
      { engine: 'model', app: () => withModel },
    ])('flags a subtotal its lines do not add up to ($engine)', async ({ app }) => {
      const response = await post(app(), {
        text: INVOICE,
        columns: ITEMS,
        fields: [{ name: 'subtotal', type: 'number' }],
        rules: [SUM],
      });
      expect(response.status).toBe(200);
      const result = (await response.json()) as ExtractionResult;
      expect(result.checks).toEqual([
        {
          rule: SUM,
          passed: false,
          message: SUM_MESSAGE,
          cells: [
            { field: 'subtotal' },
            { row: 0, column: 'amount' },
            { row: 1, column: 'amount' },
            { row: 2, column: 'amount' },
          ],
        },
      ]);
      expect(result.fieldCells.subtotal?.flagged).toBe(true);
      expect(result.fieldCells.subtotal?.reasons[0]).toMatchObject({
        code: 'RULE_FAILED',
        message: SUM_MESSAGE,
      });
      expect(result.review.flagged).toBe(4);
    });

    it('streams a run with fields and rules to its result', async () => {
      const response = await post(
        offline,
        {
          text: INVOICE,
          columns: ITEMS,
          fields: [{ name: 'subtotal', type: 'number' }],
          rules: [SUM],
        },
        { accept: 'text/event-stream' },
      );
      const event = await readUntilEvent(response, 'result');
      const result = JSON.parse(event.data) as ExtractionResult;
      expect(result.fields).toEqual({ subtotal: 106 });
      expect(result.checks[0]?.message).toBe(SUM_MESSAGE);
    });

    it('refuses fields and rules that do not fit, saying why', async () => {
      const check = async (body: unknown, field: string, message: string) => {
        const response = await post(offline, { text: INVOICE, ...(body as object) });
        expect(response.status).toBe(400);
        const error = (await response.json()) as ErrorBody;
        expect(error.error.code).toBe('VALIDATION_FAILED');
        expect(error.error.details?.fieldErrors?.[field]).toContain(message);
      };
      await check(
        { columns: ITEMS, fields: [{ name: 'total', type: 'number' }], rules: [SUM] },
        'rules',
        'Rule 1 (sum): there is no field named “subtotal”.',
      );
      await check(
        { columns: ITEMS, fields: [{ name: 'amount', type: 'number' }] },
        'fields',
        '“amount” is both a field and a column; give them different names.',
      );
      await check(
        {
          columns: ITEMS,
          fields: [{ name: 'subtotal', type: 'number' }],
          rules: [{ type: 'avg' }],
        },
        'rules',
        'A rule’s type is one of sum, formula, required, pattern, range, unique.',
      );
    });

    it('takes the fields and rules of the saved extractor `template` names, or the request’s rules', async () => {
      const user = await signUp(offline);
      const created = await user.request('/api/extractors', {
        json: {
          name: 'Invoices',
          columns: ITEMS,
          fields: [{ name: 'subtotal', type: 'number' }],
          rules: [SUM],
        },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const extractor = (await created.json()) as Extractor;
      const run = async (body: Record<string, unknown>) => {
        const response = await user.request('/api/extractions', {
          json: { text: INVOICE, template: extractor.id, ...body },
        });
        expect(response.status).toBe(200);
        return (await response.json()) as ExtractionResult;
      };
      const saved = await run({});
      expect(saved.fields).toEqual({ subtotal: 106 });
      expect(saved.checks.map((check) => check.message)).toEqual([SUM_MESSAGE]);
      const own = await run({ rules: [{ type: 'range', name: 'subtotal', max: 200 }] });
      expect(own.checks).toEqual([expect.objectContaining({ passed: true })]);
      expect(own.fieldCells.subtotal?.flagged).toBe(false);
    });

    it('needs a field or a column', async () => {
      const response = await post(offline, { text: INVOICE, fields: [], columns: [] });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe('COLUMNS_REQUIRED');
    });

    it('takes fields and rules as multipart form fields', async () => {
      const form = new FormData();
      form.set('text', INVOICE);
      form.set('columns', JSON.stringify(ITEMS));
      form.set('fields', JSON.stringify([{ name: 'subtotal', type: 'number' }]));
      form.set('rules', JSON.stringify([SUM]));
      const response = await offline.app.request('/api/extractions', {
        method: 'POST',
        body: form,
      });
      expect(response.status).toBe(200);
      const result = (await response.json()) as ExtractionResult;
      expect(result.checks[0]?.passed).toBe(false);

      form.set('rules', '[{');
      const broken = await offline.app.request('/api/extractions', { method: 'POST', body: form });
      expect(broken.status).toBe(400);
      const error = (await broken.json()) as ErrorBody;
      expect(error.error.details?.fieldErrors?.rules).toEqual(['Rules must be a JSON array.']);
    });
  },
);
