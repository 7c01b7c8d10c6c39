import { AppError } from '../shared/errors';
import type { Env } from '../server/env';
import {
  createReadPool,
  readPoolOptionsFromEnv,
  type ReadPool,
} from '../server/extraction/read/pool/read-pool';

/**
 * Runs a command that reads input: gives it the read pool (the same isolation as the server),
 * turns an expected failure into its message on stderr and exit code 1, and always stops the pool.
 */
export async function withReadingTools(
  env: Env,
  run: (pool: ReadPool) => Promise<number>,
): Promise<number> {
  const pool = createReadPool(readPoolOptionsFromEnv(env));
  try {
    return await run(pool);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.warn(error.message);
    return 1;
  } finally {
    await pool.close();
  }
}
