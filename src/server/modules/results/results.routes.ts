import { Hono } from 'hono';
import { AppError } from '../../../shared/errors';
import type { AppBindings, AppDeps } from '../../http/types';
import { verifyDownloadToken } from './download-link';

/** GET /api/downloads/:token: a stored result through a signed link (see download-link.ts). */
export function createDownloadsRoutes({ storage, secret }: Pick<AppDeps, 'storage' | 'secret'>) {
  return new Hono<AppBindings>().get('/:token', async (c) => {
    const { key, fileName } = verifyDownloadToken({ secret, token: c.req.param('token') });
    const body = await storage.read(key);
    if (!body) throw new AppError('NOT_FOUND');
    return c.body(body.slice().buffer, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
