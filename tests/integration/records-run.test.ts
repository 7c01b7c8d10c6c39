import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../src/shared/columns';
import type { ExtractionProgress, ExtractionResult } from '../../src/shared/extraction';
import { rulesSchema, type Rule } from '../../src/shared/records';
import { parseEnv } from '../../src/server/env';
import { extractionSettingsFromEnv } from '../../src/server/extraction/extraction-settings';
import {
  createReadPool,
  readPoolOptionsFromEnv,
} from '../../src/server/extraction/read/pool/read-pool';
import { runExtraction } from '../../src/server/extraction/run-extraction';
import { createModelClient } from '../../src/server/llm/create-model-client';
import type { ModelClient } from '../../src/server/llm/model-client';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';

// Records (issue 31): a run asked for the document's own fields answers them beside its line
// items, offline and through the model, and checks its rules at the end.

const RECEIPT = [
  'Corner Bakery',
  '12 Mill Street',
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
  'Date: 2026-03-01',
  '',
  '| Item | Amount |',
  '| --- | --- |',
  '| Paper | 40.00 |',
  '| Toner | 46.00 |',
  '| Delivery | 10.00 |',
  '',
  'Subtotal: 106.00',
  'Tax: 10.60',
  'Total: 116.60',
].join('\n');

const ITEMS: ColumnDefinition[] = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];
const RECEIPT_FIELDS: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'total', type: 'number' },
];
const INVOICE_FIELDS: ColumnDefinition[] = [
  { name: 'invoice_number', type: 'text' },
  { name: 'subtotal', type: 'number' },
  { name: 'tax', type: 'number' },
  { name: 'total', type: 'number' },
];
const RULES: Rule[] = rulesSchema.parse([
  { type: 'sum', column: 'amount', field: 'subtotal' },
  { type: 'formula', expression: 'subtotal + tax = total' },
]);
const SUM_MESSAGE = 'The line amounts add up to 96.00; the subtotal says 106.00.';

const env = parseEnv({});
const readPool = createReadPool(readPoolOptionsFromEnv(env));
let fake: FakeOpenAi;
let model: ModelClient;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'test-key' });
  const client = createModelClient({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_MODEL: 'gpt-4o',
    MODEL_TIMEOUT_SECONDS: 30,
    MODEL_CONCURRENCY: 4,
  });
  if (!client) throw new Error('no model client');
  model = client;
});
afterAll(async () => {
  model.close?.();
  await fake.close();
  await readPool.close();
});
beforeEach(() => fake.setBehavior({}));

function run(
  text: string,
  options: {
    columns?: ColumnDefinition[];
    fields?: ColumnDefinition[];
    rules?: Rule[];
    model?: ModelClient | null;
    chunkCharacters?: number;
    onProgress?: (event: ExtractionProgress) => void;
  },
): Promise<ExtractionResult> {
  return runExtraction({
    source: { kind: 'text', text },
    columns: options.columns ?? [],
    ...(options.fields ? { fields: options.fields } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    settings: {
      ...extractionSettingsFromEnv(env),
      isOfflineFastPathOn: false,
      ...(options.chunkCharacters ? { chunkCharacters: options.chunkCharacters } : {}),
    },
    model: options.model ?? null,
    readPool,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

describe.each([
  { engine: 'offline', model: () => null },
  { engine: 'model', model: () => model },
])('records through the $engine engine', ({ engine, model: modelOf }) => {
  it('finds a receipt’s fields with their evidence, beside its line items', async () => {
    const result = await run(RECEIPT, { columns: ITEMS, fields: RECEIPT_FIELDS, model: modelOf() });
    expect(result.status).toBe(200);
    expect(result.engine).toBe(engine);
    expect(result.fieldDefinitions).toEqual(RECEIPT_FIELDS);
    expect(result.fields).toEqual({ date: '2026-03-14', total: 6.7 });
    expect(result.rows).toEqual([
      { item: 'Sourdough loaf', amount: 4.5 },
      { item: 'Croissant', amount: 2.2 },
    ]);
    const total = result.fieldCells.total;
    expect(total?.flagged).toBe(false);
    expect(result.sourceText.slice(total?.evidence?.start, total?.evidence?.end)).toBe('6.70');
    expect(result.decimals).toMatchObject({ amount: 2, total: 2 });
    expect(result.review.total).toBe(6);
  });

  it('flags the subtotal and the line amounts when the lines do not add up', async () => {
    const result = await run(INVOICE, {
      columns: ITEMS,
      fields: INVOICE_FIELDS,
      rules: RULES,
      model: modelOf(),
    });
    expect(result.fields).toMatchObject({
      invoice_number: 'INV-2041',
      subtotal: 106,
      total: 116.6,
    });
    expect(result.checks.map((check) => [check.passed, check.message])).toEqual([
      [false, SUM_MESSAGE],
      [true, 'subtotal + tax = total holds: both sides come to 116.60.'],
    ]);
    const subtotal = result.fieldCells.subtotal;
    expect(subtotal?.flagged).toBe(true);
    expect(subtotal?.reasons).toContainEqual(
      expect.objectContaining({ code: 'RULE_FAILED', message: SUM_MESSAGE }),
    );
    expect(result.cells.every((row) => row.amount?.flagged)).toBe(true);
    expect(result.fieldCells.total?.flagged).toBe(false);
    expect(result.review.flagged).toBe(4);
  });

  it('answers fields alone: no rows, 200 when a field was found, 207 when none was', async () => {
    const found = await run(RECEIPT, { fields: RECEIPT_FIELDS, model: modelOf() });
    expect(found).toMatchObject({ status: 200, rows: [], fallback: null, message: null });
    expect(found.fields).toEqual({ date: '2026-03-14', total: 6.7 });
    const none = await run('Nothing to see here.', {
      fields: [{ name: 'invoice_number', type: 'text' }],
      model: modelOf(),
    });
    expect(none).toMatchObject({ status: 207, rows: [], fallback: null });
    expect(none.fields).toEqual({ invoice_number: null });
    expect(none.fieldCells.invoice_number?.flagged).toBe(true);
    expect(none.warnings.join(' ')).toMatch(/None of the fields asked for was found/);
  });
});

describe('records through the model', () => {
  it('asks for fields and rows in one schema, and for rows alone as before without fields', async () => {
    fake.requests.length = 0;
    await run(INVOICE, { columns: ITEMS, fields: INVOICE_FIELDS, model });
    const withFields = fake.requests.at(-1)?.response_format?.json_schema?.schema;
    expect(Object.keys((withFields?.properties as object) ?? {})).toEqual(['fields', 'data']);
    await run(INVOICE, { columns: ITEMS, model });
    const rowsOnly = fake.requests.at(-1)?.response_format?.json_schema?.schema;
    expect(Object.keys((rowsOnly?.properties as object) ?? {})).toEqual(['data']);
  });

  it('keeps the first of two values found in different parts and flags FIELD_CONFLICT', async () => {
    const long = [
      INVOICE,
      '',
      ...Array.from({ length: 60 }, (_, i) => `Note ${i + 1}: delivered to dock ${i + 1}.`),
      '',
      'Reference: INV-2014',
    ].join('\n');
    fake.setBehavior({ fieldConflict: { field: 'invoice_number', value: 'INV-2014' } });
    const parts: ExtractionProgress[] = [];
    const result = await run(long, {
      columns: ITEMS,
      fields: INVOICE_FIELDS,
      model,
      chunkCharacters: 600,
      onProgress: (event) => {
        if (event.type === 'chunk') parts.push(event);
      },
    });
    expect(result.chunks.length).toBeGreaterThan(1);
    // Each part's progress says what fields it found, typed, as it finishes.
    const found = parts.map((event) => (event.type === 'chunk' ? event.fields : undefined));
    expect(found).toHaveLength(result.chunks.length);
    expect(found).toContainEqual(expect.objectContaining({ invoice_number: 'INV-2041' }));
    expect(found).toContainEqual(expect.objectContaining({ invoice_number: 'INV-2014' }));
    expect(found.every((fields) => fields !== undefined)).toBe(true);
    expect(result.fields.invoice_number).toBe('INV-2041');
    const cell = result.fieldCells.invoice_number;
    expect(cell?.flagged).toBe(true);
    expect(cell?.reasons).toContainEqual(
      expect.objectContaining({
        code: 'FIELD_CONFLICT',
        message: 'Another part of the document gives “INV-2014”.',
      }),
    );
  });

  it('flags a planted wrong field value that stands nowhere in the document', async () => {
    fake.setBehavior({ plantFields: { every: 1, kinds: ['digits'] } });
    const result = await run(INVOICE, { columns: ITEMS, fields: INVOICE_FIELDS, model });
    const wrong = fake.planted.filter((error) => error.isField);
    expect(wrong.length).toBeGreaterThan(0);
    for (const error of wrong) expect(result.fieldCells[error.column]?.flagged).toBe(true);
  });
});
