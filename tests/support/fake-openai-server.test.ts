import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../src/shared/columns';
import { outputJsonSchema } from '../../src/server/extraction/extract/output-schema';
import {
  continuationPrompt,
  extractionUserPrompt,
} from '../../src/server/extraction/extract/prompt';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server';

const COLUMNS: ColumnDefinition[] = [
  { name: 'name', type: 'text' },
  { name: 'Amount', type: 'number' },
];
const DOCUMENT = [
  'Intro text.',
  '',
  '| Name | Amount | Note |',
  '| --- | ---: | --- |',
  '| Ann | 10 | a \\| b |',
  '| Bob | 20 | |',
  '| Cy | 30 | |',
  '',
  'Name: Dee',
  'Amount: 40',
  'Name: Eve',
  'Amount: 50',
].join('\n');
const ALL = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve'].map((name, i) => ({
  name,
  Amount: String((i + 1) * 10),
}));

type Choice = { message: { content: string }; finish_reason: string };
type Answer = { choices: Choice[]; usage: { prompt_tokens: number; completion_tokens: number } };

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.setBehavior({}));

const prompt = extractionUserPrompt({ columns: COLUMNS, chunkText: DOCUMENT });
const schemaFormat = {
  type: 'json_schema',
  json_schema: { name: 'rows', schema: outputJsonSchema(COLUMNS), strict: true },
};

async function post(body: Record<string, unknown>, path = '/chat/completions') {
  const response = await fetch(`${fake.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: prompt }],
      ...body,
    }),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as unknown,
  };
}

async function answer(body: Record<string, unknown> = {}) {
  const { status, json } = await post({ response_format: schemaFormat, ...body });
  expect(status).toBe(200);
  const choice = (json as Answer).choices[0];
  return {
    content: choice?.message.content ?? '',
    finishReason: choice?.finish_reason,
    usage: (json as Answer).usage,
  };
}

describe('the fake model', () => {
  it('reads tables and Key: value records into the schema columns', async () => {
    const result = await answer();
    expect(JSON.parse(result.content)).toEqual({ data: ALL });
    expect(result.finishReason).toBe('stop');
    expect(result.usage.completion_tokens).toBe(Math.ceil(result.content.length / 4));
  });

  it('reads the Columns list when there is no schema', async () => {
    const result = await answer({ response_format: undefined });
    expect(JSON.parse(result.content)).toEqual({ data: ALL });
  });

  it('cuts an answer at the output limit and continues after the named row', async () => {
    const cut = await answer({ max_tokens: 20 });
    expect(cut.finishReason).toBe('length');
    expect(cut.content).toBe(JSON.stringify({ data: ALL }).slice(0, 80));
    const messages = [
      { role: 'user', content: prompt },
      { role: 'assistant', content: cut.content },
      { role: 'user', content: continuationPrompt({ name: 'Bob', Amount: 20 }) },
    ];
    const rest = await answer({ messages });
    expect(JSON.parse(rest.content)).toEqual({ data: ALL.slice(2) });
  });

  it('applies the provider limit over a larger request', async () => {
    fake.setBehavior({ maxOutputTokens: 5 });
    const result = await answer({ max_completion_tokens: 10_000 });
    expect(result).toMatchObject({
      finishReason: 'length',
      content: JSON.stringify({ data: ALL }).slice(0, 20),
    });
  });

  it('answers fenced, malformed, with extra keys and raw numbers on request', async () => {
    fake.setBehavior({ fenced: true, extraKeys: true, numbers: 'raw' });
    const fenced = await answer();
    expect(fenced.content.startsWith('```json\n')).toBe(true);
    const inner = JSON.parse(fenced.content.slice(8, -4)) as { data: unknown[] };
    expect(inner.data[0]).toEqual({ name: 'Ann', Amount: 10, confidence: 'high' });
    fake.setBehavior({ malformed: true });
    const broken = await answer();
    expect(() => JSON.parse(broken.content) as unknown).toThrow();
  });

  it('plants wrong values of each kind, the same way every time, and says where', async () => {
    fake.setBehavior({ plant: { every: 1, kinds: ['other-row'] } });
    fake.planted.length = 0;
    const first = JSON.parse((await answer()).content) as { data: Record<string, unknown>[] };
    const again = JSON.parse((await answer()).content) as { data: Record<string, unknown>[] };
    expect(again).toEqual(first);
    // Every row took a neighbour's amount (the next row's, the last row the one before).
    expect(first.data.map((row) => row.Amount)).toEqual(['20', '30', '40', '50', '40']);
    expect(fake.planted).toHaveLength(5);
    expect(fake.planted[0]).toEqual({
      kind: 'other-row',
      column: 'Amount',
      row: { name: 'Ann', Amount: '10' },
      given: '20',
    });
    fake.setBehavior({ plant: { every: 1, kinds: ['digits', 'nowhere'] } });
    const planted = JSON.parse((await answer()).content) as { data: Record<string, unknown>[] };
    const changed = planted.data.filter((row, i) => JSON.stringify(row) !== JSON.stringify(ALL[i]));
    expect(changed).toHaveLength(5);
    for (const row of changed)
      expect(DOCUMENT).not.toContain(`| ${String(row.name)} | ${String(row.Amount)} |`);
  });

  it('gives log-probabilities when asked, and refuses them on request', async () => {
    const { json } = await post({ response_format: schemaFormat, logprobs: true });
    const choice = (
      json as {
        choices: {
          message: { content: string };
          logprobs: { content: { token: string; logprob: number }[] };
        }[];
      }
    ).choices[0];
    expect(choice?.logprobs.content.map((token) => token.token).join('')).toBe(
      choice?.message.content,
    );
    fake.setBehavior({ rejectLogprobs: true });
    expect((await post({ response_format: schemaFormat, logprobs: true })).status).toBe(400);
  });

  it('answers slowly at a realistic speed', async () => {
    fake.setBehavior({ speed: { firstTokenMs: 100, tokensPerSecond: 1000 } });
    const started = Date.now();
    await answer();
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});

describe('the fake protocol', () => {
  it('rejects response formats like OpenAI', async () => {
    fake.setBehavior({ rejectJsonSchema: true, rejectJsonObject: true });
    const schema = await post({ response_format: schemaFormat });
    expect(schema.status).toBe(400);
    expect(schema.json).toEqual({
      error: {
        message:
          "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
        type: 'invalid_request_error',
        param: 'response_format',
        code: null,
      },
    });
    expect((await post({ response_format: { type: 'json_object' } })).status).toBe(400);
    expect((await post({})).status).toBe(200);
  });

  it('demands the word JSON in json_object mode and a strict-valid schema', async () => {
    const noJson = await post({
      messages: [{ role: 'user', content: 'hi' }],
      response_format: { type: 'json_object' },
    });
    expect(noJson.status).toBe(400);
    const loose = {
      type: 'json_schema',
      json_schema: { name: 'x', strict: true, schema: { type: 'object', properties: {} } },
    };
    expect((await post({ response_format: loose })).status).toBe(400);
  });

  it('answers queued failures with their headers, then the standing behaviour', async () => {
    fake.enqueue({ status: 429, retryAfter: '1', times: 2 }, { status: 503 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await post({})).status);
    expect(statuses).toEqual([429, 429, 503, 200]);
    const limited = await (fake.enqueue({ status: 429, retryAfterMs: 250 }), post({}));
    expect(limited.headers.get('retry-after-ms')).toBe('250');
    expect(limited.json).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });

  it('answers 404 elsewhere and 401 for a wrong key', async () => {
    expect((await post({}, '/completions')).status).toBe(404);
    const guarded = await startFakeOpenAi({ apiKey: 'sk-right' });
    const response = await fetch(`${guarded.baseUrl}/chat/completions`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(401);
    await guarded.close();
  });
});

describe('the document’s fields (records)', () => {
  const FIELDS: ColumnDefinition[] = [
    { name: 'invoice_number', type: 'text' },
    { name: 'date', type: 'date' },
    { name: 'subtotal', type: 'number' },
    { name: 'total', type: 'number' },
  ];
  const INVOICE = [
    'Invoice number: INV-2041',
    'Date: 2026-03-01',
    '',
    '| Item | Amount |',
    '| --- | --- |',
    '| Paper | 40.00 |',
    '',
    'Subtotal: 106.00',
    'Total: 116.60',
  ].join('\n');
  const ask = (part?: { index: number; count: number }, columns = [COLUMNS[0]!]) =>
    post({
      messages: [
        {
          role: 'user',
          content: extractionUserPrompt({ columns, fields: FIELDS, chunkText: INVOICE, part }),
        },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'rows', schema: outputJsonSchema(columns, FIELDS), strict: true },
      },
    }).then(
      ({ json }) => JSON.parse((json as Answer).choices[0]?.message.content ?? '') as unknown,
    );

  it('answers the fields from the document’s labelled lines, beside the rows or alone', async () => {
    expect(await ask()).toEqual({
      fields: {
        invoice_number: 'INV-2041',
        date: '2026-03-01',
        subtotal: '106.00',
        total: '116.60',
      },
      data: [],
    });
    expect(await ask(undefined, [])).toEqual({
      fields: {
        invoice_number: 'INV-2041',
        date: '2026-03-01',
        subtotal: '106.00',
        total: '116.60',
      },
    });
  });

  it('plants wrong field values and says which', async () => {
    fake.setBehavior({ plantFields: { every: 1, kinds: ['other-row'] } });
    fake.planted.length = 0;
    const answer = (await ask()) as { fields: Record<string, string> };
    expect(answer.fields.total).toBe('106.00');
    expect(fake.planted).toContainEqual(
      expect.objectContaining({
        kind: 'other-row',
        column: 'total',
        given: '106.00',
        isField: true,
      }),
    );
  });

  it('gives another value for a field in every part but the first, when asked', async () => {
    fake.setBehavior({ fieldConflict: { field: 'invoice_number', value: 'INV-2014' } });
    const first = (await ask({ index: 0, count: 2 })) as { fields: Record<string, string> };
    const second = (await ask({ index: 1, count: 2 })) as { fields: Record<string, string> };
    expect(first.fields.invoice_number).toBe('INV-2041');
    expect(second.fields.invoice_number).toBe('INV-2014');
  });
});
