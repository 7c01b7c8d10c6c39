import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { handleError } from './error-handler';
import type { AppBindings } from './types';

describe('handleError', () => {
  it('answers a malformed percent-escape that reached any decoder with 400 and a message', async () => {
    const app = new Hono<AppBindings>();
    app.onError(handleError);
    app.get('/names/:name', (c) => c.text(decodeURIComponent(c.req.path.split('/').pop() ?? '')));

    const response = await app.request('/names/report%E0%A4%A');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'MALFORMED_ENCODING',
        message:
          'The address or name contains a malformed %-escape: each % must start a valid escape such as %20.',
      },
    });
  });

  it('answers 503 with Retry-After when the database cannot be reached, and 500 otherwise', async () => {
    const app = new Hono<AppBindings>();
    app.onError(handleError);
    app.use(async (c, next) => {
      c.set('logger', createLogger('silent'));
      await next();
    });
    app.get('/restarting', () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    });
    app.get('/refused', () => {
      throw new Error('query failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
          code: 'ECONNREFUSED',
        }),
      });
    });
    app.get('/bug', () => {
      throw new TypeError('undefined is not a function');
    });

    for (const path of ['/restarting', '/refused']) {
      const response = await app.request(path);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toMatchObject({
        error: {
          code: 'DATABASE_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        },
      });
    }
    expect((await app.request('/bug')).status).toBe(500);
  });
});
