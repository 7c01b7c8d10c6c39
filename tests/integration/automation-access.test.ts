import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../src/shared/extractors';
import { signUp } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 24, security: an extractor's inbox, schedule and rows are its owner's alone, and a
// schedule only ever runs a public address (the same guard as every fetch; private addresses
// are not allowed here, as in production).

const COLUMNS = [{ name: 'item', type: 'text' }];

describe.each(TEST_DATABASES)('automation is its owner’s alone on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { SIGNUP_CREDITS: '10' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 404 for another user’s extractor, and changes nothing of it', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const created = await owner.request('/api/extractors', {
      json: { name: 'Prices', columns: COLUMNS },
    });
    const extractor = (await created.json()) as Extractor;
    const path = `/api/extractors/${extractor.id}`;

    const attempts = [
      stranger.request(path),
      stranger.request(`${path}/inbox-address`, { method: 'POST' }),
      stranger.request(`${path}/automation`, { method: 'PUT', json: { reply_format: 'csv' } }),
      stranger.request(`${path}/schedule`, {
        method: 'PUT',
        json: { url: 'https://example.com/prices', every: 'hourly' },
      }),
      stranger.request(`${path}/schedule`, { method: 'DELETE' }),
      stranger.request(`${path}/schedule/run`, { method: 'POST' }),
      stranger.request(`${path}/schedule/rows?format=csv`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);

    const after = (await (await owner.request(path)).json()) as Extractor;
    expect(after.inbox_address).toBe(extractor.inbox_address);
    expect(after.reply_format).toBeNull();
    expect(after.schedule).toBeNull();
    const settings = (await (await stranger.request('/api/extractors/automation')).json()) as {
      schedules_in_use: number;
    };
    expect(settings.schedules_in_use).toBe(0);
  });

  it('refuses to schedule a private, local or unknown address, saying why in a schedule’s words', async () => {
    const owner = await signUp(app);
    const { id } = (await (
      await owner.request('/api/extractors', { json: { name: 'Inside', columns: COLUMNS } })
    ).json()) as Extractor;
    for (const url of [
      'http://127.0.0.1:3000/api/health',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://10.0.0.7/prices',
      'http://localhost/prices',
    ]) {
      const refused = await owner.request(`/api/extractors/${id}/schedule`, {
        method: 'PUT',
        json: { url, every: 'hourly' },
      });
      expect(refused.status, url).toBe(400);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code, url).toBe('SCHEDULE_URL_REFUSED');
      expect(body.error.message, url).toMatch(
        /^The page address was refused: \S+ is a private, local or reserved address, which cannot be read\.$/,
      );
    }
    const unknown = await owner.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url: 'https://events.invalid/calendar', every: 'daily' },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      'The page address was refused: events.invalid could not be found. Check the address for typing mistakes.',
    );
    const after = (await (await owner.request(`/api/extractors/${id}`)).json()) as Extractor;
    expect(after.schedule).toBeNull();
  });
});
