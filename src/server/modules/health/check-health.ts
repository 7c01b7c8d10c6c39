import type { Kysely } from 'kysely';
import { isDatabaseReachable } from '../../db/client';
import type { Database } from '../../db/schema';

import type { Health } from '../../../shared/health';

export type { Health };

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
