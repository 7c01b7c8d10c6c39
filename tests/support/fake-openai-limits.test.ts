import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeLimits, type FakeOpenAi } from './fake-openai-server';
import { formatReset } from './fake-openai/limits';

// The fake provider's limits, as a real provider answers them: 429 with Retry-After and the
// x-ratelimit-* headers, on every answer.

let fake: FakeOpenAi | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function start(limits: FakeLimits, delayMs = 0) {
  fake = await startFakeOpenAi({ limits, behavior: { delayMs } });
  return fake;
}

async function post(server: FakeOpenAi, text = 'Name: Ann', maxTokens = 100) {
  const response = await fetch(`${server.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'gpt-4o',
      max_tokens: maxTokens,
      messages: [
        { role: 'user', content: `Columns:\n- Name (text)\n\n<document>\n${text}\n</document>` },
      ],
    }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as unknown,
  };
}

describe('the fake model under provider limits', () => {
  it('writes reset times as OpenAI does', () => {
    expect(formatReset(20)).toBe('20ms');
    expect(formatReset(7500)).toBe('7.5s');
    expect(formatReset(360_000)).toBe('6m0s');
  });

  it('counts requests per minute down in its headers, then refuses with Retry-After', async () => {
    const server = await start({ requestsPerMinute: 2 });
    const first = await post(server);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+(\.\d+)?s$/);
    expect((await post(server)).headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const refused = await post(server);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    expect(refused.body).toMatchObject({
      error: {
        code: 'rate_limit_exceeded',
        type: 'requests',
        message: /requests per min \(RPM\): Limit 2/,
      },
    });
    expect(server.calls.map((call) => call.refusal ?? call.status)).toEqual([200, 200, 'requests']);
  });

  it('refills continuously over its window', async () => {
    const server = await start({ requestsPerMinute: 1, windowMs: 300 });
    expect((await post(server)).status).toBe(200);
    expect((await post(server)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await post(server)).status).toBe(200);
  });

  it('charges the prompt and max_tokens against tokens per minute', async () => {
    const server = await start({ tokensPerMinute: 1000 });
    const first = await post(server, 'Name: Ann', 600);
    expect(first.status).toBe(200);
    expect(Number(first.headers.get('x-ratelimit-remaining-tokens'))).toBeLessThan(400);
    const refused = await post(server, 'Name: Bob', 600);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { type: 'tokens' } });
  });

  it('refuses past its concurrency at once, and counts refusals of the same call in a row', async () => {
    const server = await start({ maxConcurrent: 2 }, 300);
    const answers = await Promise.all(['A', 'B', 'C'].map((name) => post(server, `Name: ${name}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(server.peakConcurrency()).toBe(2);
    expect(server.longestRefusalStreak()).toBe(1);
    await Promise.all([post(server, 'Name: D'), post(server, 'Name: E'), post(server, 'Name: F')]);
    expect((await post(server, 'Name: F')).status).toBe(200);
  });
});
