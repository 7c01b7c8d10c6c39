import { z } from 'zod';

/** What GET /api/health answers (503 with `degraded` when the database is unreachable). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.enum(['reachable', 'unreachable']),
});
export type Health = z.output<typeof healthSchema>;
