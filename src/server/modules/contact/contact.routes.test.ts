import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { listContactMessages } from './list-contact-messages';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Invoices with two tables',
  message: 'Can I extract both tables of an invoice into one table?',
};

async function post(testApp: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return testApp.app.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe.each(TEST_DATABASES)('POST /api/contact on $name', (database) => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp(database, { CONTACT_RATE_LIMIT: '3' });
  });
  afterEach(async () => {
    await testApp.close();
  });

  it('stores a valid message and logs it', async () => {
    const response = await post(testApp, { ...valid, name: '  Ada Lovelace  ' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; receivedAt: string };

    const stored = await listContactMessages({ db: testApp.db });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...valid, id: body.id, created_at: body.receivedAt });
    expect(testApp.logs).toContainEqual(
      expect.objectContaining({ msg: 'contact message received', contactMessageId: body.id }),
    );
  });

  it('refuses empty fields with a message for each, and stores nothing', async () => {
    const response = await post(testApp, { name: ' ', email: '', subject: '', message: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; details: { fieldErrors: Record<string, string[]> } };
    };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fieldErrors).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter your email address.'],
      subject: ['Please enter a subject.'],
      message: ['Please enter a message.'],
    });
    expect(await listContactMessages({ db: testApp.db })).toHaveLength(0);
  });

  it('refuses a malformed email address', async () => {
    const response = await post(testApp, { ...valid, email: 'not-an-address' });
    const body = (await response.json()) as {
      error: { details: { fieldErrors: Record<string, string[]> } };
    };
    expect(response.status).toBe(400);
    expect(body.error.details.fieldErrors.email).toEqual(['Please enter a valid email address.']);
  });

  it('answers a body that is not JSON with a JSON error', async () => {
    const response = await post(testApp, '{"name": ');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('refuses an oversized body without storing it', async () => {
    const response = await post(testApp, { ...valid, message: 'x'.repeat(40_000) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(await listContactMessages({ db: testApp.db })).toHaveLength(0);
  });

  it('limits each client, counting simultaneous posts exactly, and says when to retry', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => post(testApp, valid)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = responses.find((response) => response.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused?.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('CONTACT_RATE_LIMITED');
    expect(body.error.message).toMatch(/Please wait \d+ seconds/);
    expect(await listContactMessages({ db: testApp.db })).toHaveLength(3);
  });
});
