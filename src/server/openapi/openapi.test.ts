import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_METHODS, type OpenApiDocument } from '../../shared/openapi';
import { apiEndpoints } from './endpoints';
import { createTestApp, type TestApp } from '../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../tests/support/test-databases';

/** Hono's `/api/jobs/:id` as OpenAPI's `/api/jobs/{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** `GET /api/jobs/{id}` for each endpoint the app serves, leaving out middleware and catch-alls. */
function mountedEndpoints(app: TestApp['app']): Set<string> {
  const endpoints = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/') || path.includes('*')) continue;
    endpoints.add(`${method} ${toOpenApiPath(path)}`);
  }
  return endpoints;
}

/** The method and path prefixes a catch-all route serves (better-auth's `/api/auth/*`). */
function catchAlls(app: TestApp['app']): { method: string; prefix: string }[] {
  return app.routes
    .filter(({ method, path }) => method !== 'ALL' && /^\/api\/.+\/\*$/.test(path))
    .map(({ method, path }) => ({ method, prefix: path.slice(0, -1) }));
}

function documentedEndpoints(document: OpenApiDocument): Set<string> {
  const endpoints = new Set<string>();
  for (const [path, item] of Object.entries(document.paths))
    for (const method of HTTP_METHODS)
      if (item[method]) endpoints.add(`${method.toUpperCase()} ${path}`);
  return endpoints;
}

describe('GET /api/openapi.json', () => {
  let app: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    const sqlite = TEST_DATABASES[0];
    if (!sqlite) throw new Error('no test database');
    app = await createTestApp(sqlite);
    const response = await app.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    document = (await response.json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await app.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every route the app mounts under /api', () => {
    const documented = documentedEndpoints(document);
    const missing = [...mountedEndpoints(app.app)].filter((endpoint) => !documented.has(endpoint));
    expect(missing).toEqual([]);
  });

  it('documents only endpoints the app really serves', () => {
    const mounted = mountedEndpoints(app.app);
    const wildcards = catchAlls(app.app);
    const unserved = [...documentedEndpoints(document)].filter((endpoint) => {
      if (mounted.has(endpoint)) return false;
      const [method = '', path = ''] = endpoint.split(' ');
      return !wildcards.some((all) => all.method === method && path.startsWith(all.prefix));
    });
    expect(unserved).toEqual([]);
  });

  it('describes request bodies, responses and errors from the shared schemas', () => {
    const createJob = document.paths['/api/jobs']?.post;
    const body = createJob?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining(['columns', 'template', 'description', 'inputs']),
    );
    const accepted = createJob?.responses['202']?.content?.['application/json']?.schema;
    expect(accepted?.required).toEqual(
      expect.arrayContaining(['id', 'status', 'documents', 'allowance']),
    );
    const noCredits = createJob?.responses['402']?.content?.['application/json']?.schema;
    expect(noCredits?.properties?.error?.properties?.code?.enum).toEqual(
      expect.arrayContaining(['NO_CREDITS', 'TRIAL_LIMIT_REACHED']),
    );
    expect(createJob?.security).toEqual([{}, { sessionCookie: [] }, { apiKey: [] }]);
  });

  it('names both ways to authenticate, and which endpoints need which', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'sessionCookie',
    ]);
    expect(document.paths['/api/keys']?.post?.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/extractors']?.get?.security).toEqual([
      { sessionCookie: [] },
      { apiKey: [] },
    ]);
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
  });

  it('gives each endpoint an example request and answer that its own schemas accept', () => {
    const problems: string[] = [];
    for (const endpoint of apiEndpoints({ minPasswordLength: 8 })) {
      const name = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
      const operation = document.paths[endpoint.path]?.[endpoint.method];
      const body = endpoint.body?.['application/json'];
      if (body) {
        const example = operation?.requestBody?.content['application/json']?.example;
        const parsed = body.safeParse(example);
        if (!parsed.success) problems.push(`${name} request: ${parsed.error.message}`);
      }
      const [status, answer] =
        Object.entries(endpoint.responses).find(([code]) => /^[23]/.test(code)) ?? [];
      const media = Object.keys(answer?.content ?? {}).find((type) =>
        ['application/json', 'text/event-stream'].includes(type),
      );
      // A picture or a redirect has no JSON to show; it must still say what it answers.
      const notJson = status?.startsWith('3') || Object.keys(answer?.content ?? {}).length > 0;
      if (status && !media && notJson && answer?.description) continue;
      if (!status || !media) {
        problems.push(`${name}: no example answer`);
        continue;
      }
      const example = operation?.responses[status]?.content?.[media]?.example;
      const parsed = answer!.content![media]!.safeParse(example);
      if (example === undefined || !parsed.success)
        problems.push(`${name} ${status}: ${parsed.error?.message ?? 'missing'}`);
    }
    expect(problems).toEqual([]);
  });
});
