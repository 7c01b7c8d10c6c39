import { describe, expect, it } from 'vitest';
import type { Extractor } from '../../../shared/extractors';
import { browserFor, signUp } from '../../../../tests/support/accounts';
import { createTestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES, type TestDatabase } from '../../../../tests/support/test-databases';
import { createDatabase } from '../client';
import { migrateTo } from '../migrate';
import { createLogger } from '../../logger';

// Extractors saved before mail in and schedules (issue 24) get an inbox address of their own
// when the server is upgraded; the migration also goes back down without losing them.

const COLUMNS = [{ name: 'item', type: 'text' }];

/** One database kept across two servers: the cleanup runs once, after the second. */
async function sharedDatabase(database: TestDatabase) {
  const created = await database.create();
  const kept: TestDatabase = {
    name: database.name,
    create: () => Promise.resolve({ ...created, cleanup: () => Promise.resolve() }),
  };
  return { kept, created };
}

async function downgrade(created: { databaseUrl: string | undefined; dataDir: string }) {
  const connection = createDatabase({ ...created, logger: createLogger('silent') });
  await migrateTo(connection.db, connection.dialect, '0011-review');
  await connection.db.destroy();
}

describe.each(TEST_DATABASES)('extractors saved before 0014-automation, on $name', (database) => {
  it('each get an inbox address of their own after the upgrade', async () => {
    const { kept, created } = await sharedDatabase(database);
    const before = await createTestApp(kept);
    const user = await signUp(before);
    for (const name of ['Invoices', 'Prices'])
      expect(
        (await user.request('/api/extractors', { json: { name, columns: COLUMNS } })).status,
      ).toBe(201);
    await before.close();

    // The server as it was before issue 24: no inbox, no schedule, no origin on jobs.
    await downgrade(created);

    const after = await createTestApp({ ...kept, create: () => Promise.resolve(created) });
    try {
      const again = browserFor(after, user.jar);
      const response = await again.request('/api/extractors');
      expect(response.status).toBe(200);
      const { extractors } = (await response.json()) as { extractors: Extractor[] };
      expect(extractors.map((extractor) => extractor.name).sort()).toEqual(['Invoices', 'Prices']);
      const addresses = extractors.map((extractor) => extractor.inbox_address);
      for (const address of addresses) expect(address).toMatch(/^[0-9a-f]{32}@localhost$/);
      expect(new Set(addresses).size).toBe(2);
      expect(extractors.every((extractor) => extractor.schedule === null)).toBe(true);
    } finally {
      await after.close();
    }
  });
});
