import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobAccepted } from '../../../shared/jobs';
import { browserFor, signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { startWebhookReceiver, verifiesWebhook } from '../../../../tests/support/webhook-receiver';

type ErrorBody = { error: { code: string; message: string } };

const COLUMNS = [{ name: 'payee', type: 'text' }];
const TEXT = 'date\tpayee\tamount\n2026-03-01\tRent\t-1883.70\n';

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

describe.each(TEST_DATABASES)('webhooks on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SECONDS: '1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('posts the ended job, signed with the user’s secret, and retries a failing receiver', async () => {
    const receiver = await startWebhookReceiver([500]);
    try {
      const user = await signUp(app);
      const { secret } = (await (await user.request('/api/webhooks/secret')).json()) as {
        secret: string;
      };
      expect(secret).toMatch(/^whsec_/);
      const accepted = await user.request('/api/jobs', {
        json: { columns: COLUMNS, inputs: [{ text: TEXT }], webhook_url: receiver.url },
      });
      expect(accepted.status).toBe(202);
      const { id } = (await accepted.json()) as JobAccepted;

      const job = await waitFor(
        async () => (await (await user.request(`/api/jobs/${id}`)).json()) as Job,
        (value) => value.webhook?.status === 'delivered',
      );
      expect(receiver.deliveries.map((delivery) => delivery.answered)).toEqual([500, 200]);
      expect(job.webhook?.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
      expect(job.webhook?.attempts[0]?.error).toBe('The receiver answered 500.');

      const [first, second] = receiver.deliveries;
      // One message id across tries, so a receiver can tell a retry from a new event.
      expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
      for (const delivery of receiver.deliveries)
        expect(verifiesWebhook(secret, delivery.headers, delivery.body)).toBe(true);
      expect(
        verifiesWebhook(secret, second!.headers, second!.body.replace('"succeeded"', '"failed"')),
      ).toBe(false);
      const payload = JSON.parse(second!.body) as { type: string; data: Job };
      expect(payload.type).toBe('job.finished');
      expect(payload.data).toMatchObject({ id, status: 'succeeded', rows_total: 1 });
      // The payload carries the job's review summary, as GET /api/jobs/{id} shows it.
      expect(payload.data.review.total).toBeGreaterThan(0);
      expect(payload.data.review).toEqual(job.review);
      // Issue 32 point 4: and its rows, as GET /api/jobs/{id}/result gives them, with that address.
      const data = payload.data as Job & { result: { rows: unknown[] }; result_url: string };
      expect(data.result.rows).toEqual([{ source: 'date payee amount', payee: 'Rent' }]);
      expect(data.result_url).toMatch(new RegExp(`^https?://[^/]+/api/jobs/${id}/result$`));
    } finally {
      await receiver.close();
    }
  });

  it('is for signed-in users, and a rotated secret signs what follows', async () => {
    const visitor = browserFor(app);
    const refused = await visitor.request('/api/jobs', {
      json: { columns: COLUMNS, inputs: [{ text: TEXT }], webhook_url: 'https://example.com/x' },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('WEBHOOK_NEEDS_ACCOUNT');

    const user = await signUp(app);
    const before = (await (await user.request('/api/webhooks/secret')).json()) as {
      secret: string;
    };
    const rotated = (await (
      await user.request('/api/webhooks/secret/rotate', { method: 'POST' })
    ).json()) as { secret: string };
    expect(rotated.secret).not.toBe(before.secret);
    expect(await (await user.request('/api/webhooks/secret')).json()).toEqual(rotated);
  });
});

// The size limit does not depend on the database: one run is enough.
describe('a large webhook', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(TEST_DATABASES[0]!, { ALLOW_PRIVATE_URLS: 'true' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('leaves out a table over 1 MB and links to it instead', async () => {
    const receiver = await startWebhookReceiver([]);
    try {
      const user = await signUp(app);
      const lines = Array.from(
        { length: 7_000 },
        (_, index) =>
          `2026-03-01\tPayee ${String(index).padStart(6, '0')} ${'x'.repeat(60)}\t-1.00`,
      );
      const accepted = await user.request('/api/jobs', {
        json: {
          columns: COLUMNS,
          inputs: [{ text: `date\tpayee\tamount\n${lines.join('\n')}\n` }],
          webhook_url: receiver.url,
        },
      });
      expect(accepted.status).toBe(202);
      const { id } = (await accepted.json()) as JobAccepted;
      await waitFor(
        async () => (await (await user.request(`/api/jobs/${id}`)).json()) as Job,
        (value) => value.webhook?.status === 'delivered',
      );
      const payload = JSON.parse(receiver.deliveries[0]!.body) as {
        data: Job & { result: unknown; result_url: string };
      };
      expect(payload.data.rows_total).toBe(7_000);
      expect(payload.data.result).toBeNull();
      const table = await user.request(new URL(payload.data.result_url).pathname);
      expect(((await table.json()) as { rows: unknown[] }).rows).toHaveLength(7_000);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhook addresses', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(TEST_DATABASES[0]!);
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses private addresses like every other fetch', async () => {
    const user = await signUp(app);
    for (const url of ['http://127.0.0.1:9/hook', 'http://10.0.0.8/hook', 'http://[::1]/hook']) {
      const refused = await user.request('/api/jobs', {
        json: { columns: COLUMNS, inputs: [{ text: TEXT }], webhook_url: url },
      });
      expect(refused.status).toBe(400);
      const { error } = (await refused.json()) as ErrorBody;
      expect(error.code).toBe('WEBHOOK_URL_REFUSED');
      expect(error.message).toMatch(/private, local or reserved address/);
    }
  });
});
