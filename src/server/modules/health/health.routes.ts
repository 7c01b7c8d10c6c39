import { Hono } from 'hono';
import type { AppBindings, AppDeps } from '../../http/types';
import { checkHealth } from './check-health';

export function createHealthRoutes({ db, version }: Pick<AppDeps, 'db' | 'version'>) {
  return new Hono<AppBindings>().get('/', async (c) => {
    const health = await checkHealth({ db, version });
    c.header('Cache-Control', 'no-store');
    return c.json(health, health.status === 'ok' ? 200 : 503);
  });
}
