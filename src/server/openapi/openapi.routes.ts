import { Hono } from 'hono';
import type { AppBindings, AppDeps } from '../http/types';
import { buildOpenApiDocument } from './build-document';
import { API_TAGS, apiEndpoints } from './endpoints';

/** GET /api/openapi.json: the API's OpenAPI 3.1 document, built once from the shared schemas. */
export function createOpenApiRoutes({ env, version }: Pick<AppDeps, 'env' | 'version'>) {
  const document = buildOpenApiDocument(
    apiEndpoints({ minPasswordLength: env.MIN_PASSWORD_LENGTH }),
    { version, tags: API_TAGS },
  );
  return new Hono<AppBindings>().get('/', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(document);
  });
}
