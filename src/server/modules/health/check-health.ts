import type { Kysely } from 'kysely';
import { isDatabaseReachable } from '../../db/client';
import type { Database } from '../../db/schema';

export type Health = {
  status: 'ok' | 'degraded';
  version: string;
  database: 'reachable' | 'unreachable';
};

export async function checkHealth({
  db,
  version,
}: {
  db: Kysely<Database>;
  version: string;
}): Promise<Health> {
  const isReachable = await isDatabaseReachable(db);
  return {
    status: isReachable ? 'ok' : 'degraded',
    version,
    database: isReachable ? 'reachable' : 'unreachable',
  };
}
