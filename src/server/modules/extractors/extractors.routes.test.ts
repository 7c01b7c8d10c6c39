import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../../shared/extractors';
import type { ExtractionResult } from '../../../shared/extraction';
import { signUp, browserFor } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

const INVOICE = {
  name: 'Weekly invoice',
  columns: [
    { name: 'item', type: 'text' },
    { name: 'price', type: 'number', description: 'Net price' },
  ],
  description: 'Line items only',
};
const TEXT = 'item\tprice\nDesk\t120\nLamp\t19.5';

describe.each(TEST_DATABASES)('saved extractors on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { SIGNUP_CREDITS: '10' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('saves, lists, edits and deletes an extractor, each name once', async () => {
    const user = await signUp(app);
    const created = await user.request('/api/extractors', { json: INVOICE });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as Extractor;
    expect(saved).toMatchObject({
      name: 'Weekly invoice',
      description: 'Line items only',
      columns: [
        { name: 'item', type: 'text' },
        { name: 'price', type: 'number', description: 'Net price' },
      ],
    });

    const again = await user.request('/api/extractors', { json: INVOICE });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.code).toBe('EXTRACTOR_NAME_TAKEN');

    const edited = await user.request(`/api/extractors/${saved.id}`, {
      method: 'PUT',
      json: { ...INVOICE, name: 'Monthly invoice', columns: [{ name: 'total', type: 'number' }] },
    });
    expect(edited.status).toBe(200);
    const list = (await (await user.request('/api/extractors')).json()) as {
      extractors: Extractor[];
    };
    expect(list.extractors.map((extractor) => extractor.name)).toEqual(['Monthly invoice']);
    expect(list.extractors[0]!.columns).toEqual([{ name: 'total', type: 'number' }]);

    const blank = await user.request('/api/extractors', {
      json: { name: 'Empty', columns: [{ name: '  ', type: 'text' }] },
    });
    expect(blank.status).toBe(400);

    expect((await user.request(`/api/extractors/${saved.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await user.request(`/api/extractors/${saved.id}`)).status).toBe(404);
  });

  it('runs with template set to a saved id, for its owner only', async () => {
    const owner = await signUp(app);
    const saved = (await (
      await owner.request('/api/extractors', { json: INVOICE })
    ).json()) as Extractor;

    const run = await owner.request('/api/extractions', {
      json: { text: TEXT, template: saved.id },
    });
    expect(run.status).toBe(200);
    const result = (await run.json()) as ExtractionResult;
    expect(result.rows).toEqual([
      { item: 'Desk', price: 120 },
      { item: 'Lamp', price: 19.5 },
    ]);

    const other = await signUp(app);
    expect((await other.request(`/api/extractors/${saved.id}`)).status).toBe(404);
    const refused = await other.request('/api/extractions', {
      json: { text: TEXT, template: saved.id },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('UNKNOWN_TEMPLATE');

    const visitor = browserFor(app);
    const anonymous = await visitor.request('/api/jobs', {
      json: { template: saved.id, inputs: [{ text: TEXT }] },
    });
    expect(anonymous.status).toBe(400);
    expect((await visitor.request('/api/extractors')).status).toBe(401);
  });
});
