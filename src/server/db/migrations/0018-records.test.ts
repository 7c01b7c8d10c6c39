import { describe, expect, it } from 'vitest';
import type { DocumentResult } from '../../../shared/extraction';
import type { Job } from '../../../shared/jobs';
import type { CorrectionsResponse } from '../../../shared/review';
import { browserFor, signUp } from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { runStatements, statementAnswer } from '../../../../tests/support/review-jobs';
import { fakeModelSettings } from '../../../../tests/support/test-jobs';
import { TEST_DATABASES, type TestDatabase } from '../../../../tests/support/test-databases';
import { createDatabase } from '../client';
import { migrateTo } from '../migrate';
import { createLogger } from '../../logger';

// The corrections table is built anew by 0018-records (a correction may name a field): the
// corrections made before keep their cells, through the upgrade and back down again; jobs made
// before records have no fields and no rules.

async function migrate(created: { databaseUrl: string | undefined; dataDir: string }, to: string) {
  const connection = createDatabase({ ...created, logger: createLogger('silent') });
  await migrateTo(connection.db, connection.dialect, to);
  await connection.db.destroy();
}

describe.each(TEST_DATABASES)('corrections made before 0018-records, on $name', (database) => {
  it('keep their cells through the upgrade and back down', async () => {
    const fake = await startFakeOpenAi({ behavior: { answer: statementAnswer } });
    const created = await database.create();
    const kept: TestDatabase = {
      name: database.name,
      create: () => Promise.resolve({ ...created, cleanup: () => Promise.resolve() }),
    };
    const settings = fakeModelSettings(fake.baseUrl);
    try {
      const before = await createTestApp(kept, settings);
      const user = await signUp(before);
      const job = await runStatements(user);
      const cell = { document_id: job.documents[0]!.id, row: 2, column: 'amount', value: -12 };
      const made = await user.request(`/api/jobs/${job.id}/corrections`, {
        json: { corrections: [cell] },
      });
      expect(made.status).toBe(200);
      await before.close();

      // The server as it was before records, then upgraded again at the next start.
      await migrate(created, '0017-inbox-senders');
      await migrate(created, '0018-records');
      const after = await createTestApp(kept, settings);
      try {
        const again = browserFor(after, user.jar);
        const listed = (await (
          await again.request(`/api/jobs/${job.id}/corrections`)
        ).json()) as CorrectionsResponse;
        expect(listed.corrections).toEqual([
          expect.objectContaining({ row: 2, column: 'amount', field: null, value: -12 }),
        ]);
        const path = `/api/jobs/${job.id}/documents/${cell.document_id}/result`;
        const result = (await (await again.request(path)).json()) as DocumentResult;
        expect(result.rows[2]?.amount).toBe(-12);
        expect(result.cells[2]?.amount?.edited).toBe(true);
        const view = (await (await again.request(`/api/jobs/${job.id}`)).json()) as Job;
        expect(view).toMatchObject({ fields: [], rules: [] });
      } finally {
        await after.close();
      }
    } finally {
      await created.cleanup();
      await fake.close();
    }
  });
});
