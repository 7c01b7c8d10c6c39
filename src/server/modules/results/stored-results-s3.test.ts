import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLink, UsagePage } from '../../../shared/account';
import type { ExtractionResponse } from '../../../shared/extraction';
import { PASTED_TABLE, signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeS3, type FakeS3 } from '../../../../tests/support/fake-s3-server';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

const CREDENTIALS = { accessKeyId: 'rowsmith-test', secretAccessKey: 'test-secret-key-0123456789' };

describe.each(TEST_DATABASES)('stored results in an S3-compatible store, on $name', (database) => {
  let s3: FakeS3;
  let app: TestApp;

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'extractions', ...CREDENTIALS });
    app = await createTestApp(database, {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'extractions',
      S3_ENDPOINT: s3.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it('stores a run in the bucket, downloads it, and removes it with the account', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const run = (await (
      await user.request('/api/extractions', { json: PASTED_TABLE })
    ).json()) as ExtractionResponse;
    expect(run.stored).toBe(true);
    await other.request('/api/extractions', { json: PASTED_TABLE });

    const userId = (
      await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow()
    ).id;
    const userKeys = s3.keys().filter((key) => key.startsWith(`${userId}/`));
    expect(userKeys).toEqual([
      expect.stringMatching(new RegExp(`^${userId}/${run.extraction_id}_\\d+\\.json$`)),
    ]);
    expect(s3.objects.get(userKeys[0]!)?.contentType).toBe('application/json');

    const link = (await (
      await user.request(`/api/account/usage/${run.extraction_id}/download`)
    ).json()) as DownloadLink;
    const downloaded = await app.app.request(new URL(link.url).pathname);
    expect(((await downloaded.json()) as { data: unknown[] }).data).toEqual(run.rows);

    // What was read is kept for a day too (to run again with other columns), in the same store.
    const userReads = await app.db
      .selectFrom('job_documents')
      .innerJoin('jobs', 'jobs.id', 'job_documents.job_id')
      .select('job_documents.read_key')
      .where('jobs.user_id', '=', userId)
      .execute();
    expect(userReads.map((row) => s3.keys().includes(row.read_key!))).toEqual([true]);

    const deleted = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(s3.keys().filter((key) => key.startsWith(`${userId}/`))).toEqual([]);
    expect(s3.keys().filter((key) => key.startsWith('reads/'))).not.toContain(
      userReads[0]!.read_key,
    );
    // The other user's result and what was read for it stay.
    expect(s3.keys()).toHaveLength(2);
  });

  it('keeps the account when the store cannot delete its files, so deletion can be retried', async () => {
    const user = await signUp(app);
    await user.request('/api/extractions', { json: PASTED_TABLE });
    s3.failNext(503, 'SlowDown', 5);
    const refused = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(refused.status).toBe(500);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Error deleting account. Please try again or contact support.',
    );
    const usage = (await (await user.request('/api/account/usage')).json()) as UsagePage;
    expect(usage.records[0]?.has_file).toBe(true);
  });

  it('answers the run even when the store refuses the write', async () => {
    const user = await signUp(app);
    s3.failNext(503, 'ServiceUnavailable', 3);
    const response = await user.request('/api/extractions', { json: PASTED_TABLE });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ExtractionResponse).stored).toBe(false);
  });
});
