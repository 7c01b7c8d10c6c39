import { Hono } from 'hono';
import type { StoredExtraction } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import type { AppBindings, AppDeps } from '../../http/types';
import { correctedRowsOf, type ResultsReading } from '../jobs/job-results';
import { verifyDownloadToken } from './download-link';

/**
 * The stored file as it is now: its rows are the run's result with the user's corrections (the
 * file holds the rows as extracted). A file whose run is gone, or that cannot be read as a stored
 * extraction, is served as it is.
 */
async function withCorrections(reading: ResultsReading, body: Uint8Array): Promise<Uint8Array> {
  let file: StoredExtraction;
  try {
    file = JSON.parse(new TextDecoder().decode(body)) as StoredExtraction;
  } catch {
    return body;
  }
  const id = file.metadata?.extraction_id;
  const rows = typeof id === 'string' ? await correctedRowsOf(reading, id) : null;
  if (!rows) return body;
  return new TextEncoder().encode(JSON.stringify({ ...file, data: rows }, null, 2));
}

/** GET /api/downloads/:token: a stored result through a signed link (see download-link.ts). */
export function createDownloadsRoutes({
  storage,
  secret,
  db,
  env,
}: Pick<AppDeps, 'storage' | 'secret' | 'db' | 'env'>) {
  const reading = { db, reviewThreshold: env.REVIEW_THRESHOLD };
  return new Hono<AppBindings>().get('/:token', async (c) => {
    const { key, fileName } = verifyDownloadToken({ secret, token: c.req.param('token') });
    const stored = await storage.read(key);
    if (!stored) throw new AppError('NOT_FOUND');
    const body = await withCorrections(reading, stored);
    return c.body(body.slice().buffer, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
