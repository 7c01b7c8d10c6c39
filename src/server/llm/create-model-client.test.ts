import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../tests/support/fake-openai-server';
import { createModelClient } from './create-model-client';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const settings = { OPENAI_MODEL: 'gpt-4o', MODEL_TIMEOUT_SECONDS: 600 };

describe('createModelClient', () => {
  it('is null without a key or a base URL, so the offline extractor runs', () => {
    expect(createModelClient(settings)).toBeNull();
    expect(createModelClient({ ...settings, OPENAI_API_KEY: '  ' })).toBeNull();
  });

  it('talks to a keyless local endpoint given only its base URL', async () => {
    const model = createModelClient({
      ...settings,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'local-model',
    });
    expect(model?.model).toBe('local-model');
    const result = await model?.complete({
      messages: [{ role: 'user', content: 'Answer in JSON.' }],
      jsonSchema: {
        name: 'rows',
        schema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      },
      maxOutputTokens: 100,
    });
    expect(result).toMatchObject({ content: '{"data":[]}', mode: 'json_schema' });
    expect(fake.requests[0]?.model).toBe('local-model');
  });

  it('uses the key when one is given', () => {
    expect(createModelClient({ ...settings, OPENAI_API_KEY: 'sk-x' })?.model).toBe('gpt-4o');
  });
});
