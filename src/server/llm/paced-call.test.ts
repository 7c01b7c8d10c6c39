import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../tests/support/fake-openai-server';
import { createMemoryLimiterStore } from './limiter/limiter-store';
import { createModelLimiter } from './limiter/model-limiter';
import type { CompletionRequest } from './model-client';
import { createOpenAiClient } from './openai-client';
import type { WaitNews } from './paced-call';
import { memoryRefusalClock } from './refusal-clock';

// A model client with a limiter: refusals for rate reasons are waited out however many there
// are, within the run's deadline; a spent quota is a real failure.

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setBehavior({});
});

function client() {
  const limiter = createModelLimiter({
    key: 'test',
    store: createMemoryLimiterStore(),
    settings: { initial: 2, max: 4 },
  });
  return createOpenAiClient({
    baseUrl: fake.baseUrl,
    model: 'gpt-4o',
    timeoutMs: 5_000,
    retryBaseDelayMs: 10,
    limiter,
  });
}

function request(minutes: number, waits: WaitNews[] = []): CompletionRequest {
  return {
    messages: [{ role: 'user', content: '<document>\nName: Ann\n</document> Answer in JSON.' }],
    jsonSchema: {
      name: 'rows',
      schema: { type: 'object', properties: {}, required: [], additionalProperties: false },
    },
    maxOutputTokens: 100,
    pacing: { clock: memoryRefusalClock(minutes), onWait: (news) => waits.push(news) },
  };
}

describe('a model call under the limiter', () => {
  it('waits out five refusals (more than the two retries of other failures), as asked', async () => {
    fake.enqueue({ status: 429, retryAfterMs: 50, times: 5 });
    const waits: WaitNews[] = [];
    const result = await client().complete(request(1, waits));
    expect(result.mode).toBe('json_schema');
    expect(fake.requests).toHaveLength(6);
    expect(waits.filter((news) => news.isWaiting)).toHaveLength(5);
    expect(waits.at(-1)).toEqual({ isWaiting: false });
  });

  it('waits out an overloaded provider (503) too', async () => {
    fake.enqueue({ status: 503, retryAfterMs: 20, times: 3 });
    await expect(client().complete(request(1))).resolves.toMatchObject({ mode: 'json_schema' });
    expect(fake.requests).toHaveLength(4);
  });

  it('fails a spent quota at once: waiting would not help', async () => {
    fake.setBehavior({ status: 429, insufficientQuota: true });
    const failure = client().complete(request(1));
    await expect(failure).rejects.toMatchObject({ code: 'MODEL_API_ERROR' });
    await expect(failure).rejects.toThrow('OpenAI API error: 429 Too Many Requests');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up at the deadline with the provider’s refusals named', async () => {
    fake.setBehavior({ status: 429, retryAfter: '1' });
    const started = Date.now();
    const failure = client().complete(request(0.02));
    await expect(failure).rejects.toMatchObject({ code: 'MODEL_RATE_LIMITED' });
    await expect(failure).rejects.toThrow(
      'The model provider kept refusing requests (rate limit) for 0.02 minutes',
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
