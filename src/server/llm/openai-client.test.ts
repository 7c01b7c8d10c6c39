import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../tests/support/fake-openai-server';
import type { ColumnDefinition } from '../../shared/columns';
import { AppError } from '../../shared/errors';
import { outputJsonSchema } from '../extraction/extract/output-schema';
import { extractionUserPrompt, SYSTEM_PROMPT } from '../extraction/extract/prompt';
import type { CompletionRequest } from './model-client';
import { createOpenAiClient, type OpenAiClientOptions } from './openai-client';

const COLUMNS: ColumnDefinition[] = [
  { name: 'Product', type: 'text' },
  { name: 'Price', type: 'number' },
];
const TABLE = ['| Product | Price |', '| --- | --- |', '| Apple | 1.20 |', '| Pear | 0.95 |'].join(
  '\n',
);
const ROWS = [
  { Product: 'Apple', Price: '1.20' },
  { Product: 'Pear', Price: '0.95' },
];
const API_KEY = 'sk-test-123';

function request(overrides: Partial<CompletionRequest> = {}): CompletionRequest {
  return {
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: extractionUserPrompt({ columns: COLUMNS, chunkText: TABLE }) },
    ],
    jsonSchema: { name: 'extraction', schema: outputJsonSchema(COLUMNS) },
    maxOutputTokens: 4096,
    ...overrides,
  };
}

/** A logger that keeps what it was told, so tests can count retries and fallbacks. */
function recordingLogger() {
  const lines: string[] = [];
  return { lines, warn: (_obj: object, msg: string) => void lines.push(msg) };
}

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.headers.length = 0;
  fake.setBehavior({});
});

function client(options: Partial<OpenAiClientOptions> = {}) {
  return createOpenAiClient({
    apiKey: API_KEY,
    baseUrl: fake.baseUrl,
    model: 'gpt-4o',
    timeoutMs: 5_000,
    retryBaseDelayMs: 10,
    ...options,
  });
}

const modes = () => fake.requests.map((body) => body.response_format?.type ?? 'raw');

describe('createOpenAiClient: response modes', () => {
  it('asks for strict structured output first and reports rows and usage', async () => {
    const result = await client().complete(request());
    expect(JSON.parse(result.content)).toEqual({ data: ROWS });
    expect(result).toMatchObject({ mode: 'json_schema', finishReason: 'stop' });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBe(Math.ceil(result.content.length / 4));
    const sent = fake.requests[0];
    expect(sent?.model).toBe('gpt-4o');
    expect(sent?.max_tokens).toBe(4096);
    expect(sent?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'extraction', schema: outputJsonSchema(COLUMNS), strict: true },
    });
    expect(fake.headers[0]?.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('falls back to JSON-object mode when json_schema is rejected, and starts there next time', async () => {
    fake.setBehavior({ rejectJsonSchema: true });
    const model = client();
    const first = await model.complete(request());
    expect(first.mode).toBe('json_object');
    expect(JSON.parse(first.content)).toEqual({ data: ROWS });
    const second = await model.complete(request());
    expect(second.mode).toBe('json_object');
    expect(modes()).toEqual(['json_schema', 'json_object', 'json_object']);
    const instruction = fake.requests[1]?.messages[1];
    expect(instruction?.role).toBe('system');
    expect(JSON.stringify(instruction?.content)).toContain('JSON schema');
  });

  it('falls back to a raw POST when both structured modes are rejected', async () => {
    fake.setBehavior({ rejectJsonSchema: true, rejectJsonObject: true });
    const logger = recordingLogger();
    const model = client({ logger });
    const first = await model.complete(request());
    expect(first).toMatchObject({ mode: 'raw', finishReason: 'stop' });
    expect(JSON.parse(first.content)).toEqual({ data: ROWS });
    expect(first.usage.outputTokens).toBeGreaterThan(0);
    await model.complete(request());
    expect(modes()).toEqual(['json_schema', 'json_object', 'raw', 'raw']);
    expect(fake.headers[2]?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(fake.requests[2]?.max_tokens).toBe(4096);
    expect(logger.lines.filter((line) => line.includes('rejected'))).toHaveLength(2);
  });

  it('passes image parts through as they are', async () => {
    const image = {
      type: 'image_url' as const,
      image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'high' as const },
    };
    const content = [
      { type: 'text' as const, text: extractionUserPrompt({ columns: COLUMNS, chunkText: '' }) },
      image,
    ];
    await client().complete(request({ messages: [{ role: 'user', content }] }));
    expect(fake.requests[0]?.messages[0]?.content).toEqual(content);
  });

  it('passes a cut-off answer on with finish reason length', async () => {
    const result = await client().complete(request({ maxOutputTokens: 10 }));
    expect(result.finishReason).toBe('length');
    expect(result.content).toHaveLength(40);
    expect(() => JSON.parse(result.content) as unknown).toThrow();
  });
});

describe('createOpenAiClient: log-probabilities', () => {
  it('asks for them and passes each token on with its log-probability', async () => {
    const answer = await client().complete(request());
    expect(fake.requests[0]?.logprobs).toBe(true);
    expect(answer.tokens?.map((token) => token.token).join('')).toBe(answer.content);
    expect(answer.tokens?.every((token) => token.logprob <= 0)).toBe(true);
  });

  it('stops asking, in the same mode, where the provider gives none', async () => {
    fake.setBehavior({ rejectLogprobs: true });
    const logger = recordingLogger();
    const model = client({ logger });
    const first = await model.complete(request());
    expect(first).toMatchObject({ mode: 'json_schema' });
    expect(first.tokens).toBeUndefined();
    await model.complete(request());
    expect(fake.requests.map((body) => [body.response_format?.type, body.logprobs])).toEqual([
      ['json_schema', true],
      ['json_schema', undefined],
      ['json_schema', undefined],
    ]);
    expect(logger.lines).toEqual(['the provider gives no log-probabilities']);
  });
});

describe('createOpenAiClient: retries and failures', () => {
  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    fake.enqueue({ status: 429, retryAfter: '1' });
    const started = Date.now();
    const result = await client().complete(request());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.mode).toBe('json_schema');
    expect(fake.requests).toHaveLength(2);
  });

  it('retries 500 twice and succeeds on the third attempt', async () => {
    fake.enqueue({ status: 500, times: 2 });
    const logger = recordingLogger();
    await expect(client({ logger }).complete(request())).resolves.toMatchObject({
      mode: 'json_schema',
    });
    expect(fake.requests).toHaveLength(3);
    expect(logger.lines).toEqual(['model call failed, retrying', 'model call failed, retrying']);
  });

  it('reports the status after exactly three attempts', async () => {
    fake.setBehavior({ status: 500 });
    const failure = client().complete(request());
    await expect(failure).rejects.toThrow('OpenAI API error: 500 Internal Server Error');
    await expect(failure).rejects.toMatchObject({ code: 'MODEL_API_ERROR' });
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a 400 that is not about the response format', async () => {
    fake.setBehavior({ status: 400 });
    await expect(client().complete(request())).rejects.toThrow('OpenAI API error: 400 Bad Request');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry a wrong key', async () => {
    await expect(client({ apiKey: 'sk-wrong' }).complete(request())).rejects.toThrow(
      'OpenAI API error: 401 Unauthorized',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('reads a network failure as 503 Service Unavailable, after retrying', async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const logger = recordingLogger();
    const failure = client({ baseUrl: closed.baseUrl, logger }).complete(request());
    await expect(failure).rejects.toThrow('OpenAI API error: 503 Service Unavailable');
    expect(logger.lines).toHaveLength(2);
  });

  it('stops at once when the caller aborts, even while waiting to retry', async () => {
    fake.setBehavior({ status: 429, retryAfter: '30' });
    const controller = new AbortController();
    const reason = new Error('the client went away');
    setTimeout(() => controller.abort(reason), 100);
    const started = Date.now();
    await expect(client().complete(request({ signal: controller.signal }))).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops a slow answer when the caller aborts', async () => {
    fake.setBehavior({ delayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 100);
    const started = Date.now();
    await expect(client().complete(request({ signal: controller.signal }))).rejects.toThrow(
      'cancelled',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up after the timeout', async () => {
    fake.setBehavior({ delayMs: 5_000 });
    const started = Date.now();
    const failure = client({ timeoutMs: 300 }).complete(request());
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: 'MODEL_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.requests).toHaveLength(1);
  });
});
