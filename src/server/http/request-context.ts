import { createMiddleware } from 'hono/factory';
import { requestId } from 'hono/request-id';
import type { Logger } from '../logger';
import type { AppBindings } from './types';

/** Gives each request an id (echoed as X-Request-Id), a child logger, and one access log line. */
export function requestContext(logger: Logger) {
  const assignId = requestId({ limitLength: 64 });
  const logRequest = createMiddleware<AppBindings>(async (c, next) => {
    const startedAt = performance.now();
    const requestLogger = logger.child({ requestId: c.get('requestId') });
    c.set('logger', requestLogger);
    await next();
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, durationMs };
    if (status >= 500) requestLogger.error(line, 'request failed');
    else requestLogger.info(line, 'request');
  });
  return [assignId, logRequest] as const;
}
