import { Hono } from 'hono';
import { apiKeyAuth } from './auth/api-key-auth';
import { bodySizeLimit } from './http/body-size-limit';
import { createApiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { createExtractorsRoutes } from './modules/extractors/extractors.routes';
import { createWebhooksRoutes } from './modules/webhooks/webhooks.routes';
import { crossSiteGuard } from './http/cross-site-guard';
import { compressJson } from './http/compress-json';
import { apiNotFound, handleError } from './http/error-handler';
import { requestContext } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { createStaticClient } from './http/static-client';
import type { AppBindings, AppDeps } from './http/types';
import { createAccountRoutes } from './modules/account/account.routes';
import { createAuthRoutes } from './modules/auth/auth.routes';
import { createContactRoutes } from './modules/contact/contact.routes';
import { createCorrectionsRoutes } from './modules/corrections/corrections.routes';
import { createCreditRequestsRoutes } from './modules/credits/credit-requests.routes';
import { createColumnsRoutes } from './modules/columns/columns.routes';
import { createDocumentsRoutes } from './modules/documents/documents.routes';
import { createExtractionsRoutes } from './modules/extractions/extractions.routes';
import { createHealthRoutes } from './modules/health/health.routes';
import { createJobsRoutes } from './modules/jobs/jobs.routes';
import { createDownloadsRoutes } from './modules/results/results.routes';
import { createTrialRoutes } from './modules/trial/trial.routes';
import { createOpenApiRoutes } from './openapi/openapi.routes';

// A new route here is also one entry in openapi/endpoints.ts (openapi.test.ts fails otherwise).
function createApiRoutes(deps: AppDeps) {
  return new Hono<AppBindings>()
    .route('/health', createHealthRoutes(deps))
    .route('/contact', createContactRoutes(deps))
    .route('/documents', createDocumentsRoutes(deps))
    .route('/extractions', createExtractionsRoutes(deps))
    .route('/jobs', createJobsRoutes(deps))
    .route('/jobs/:id/corrections', createCorrectionsRoutes(deps))
    .route('/columns', createColumnsRoutes(deps))
    .route('/auth', createAuthRoutes(deps))
    .route('/account', createAccountRoutes(deps))
    .route('/credit-requests', createCreditRequestsRoutes(deps))
    .route('/keys', createApiKeysRoutes(deps))
    .route('/extractors', createExtractorsRoutes(deps))
    .route('/webhooks', createWebhooksRoutes(deps))
    .route('/trial', createTrialRoutes(deps))
    .route('/downloads', createDownloadsRoutes(deps))
    .route('/openapi.json', createOpenApiRoutes(deps));
}

/** The endpoints that take an uploaded file (multipart/form-data); every other body is JSON. */
const UPLOAD_PATHS = [
  '/api/documents/read',
  '/api/extractions',
  '/api/columns/suggest',
  '/api/jobs',
];

/** Builds the whole HTTP app: middleware, the API under /api, the web client, error handling. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppBindings>();
  app.use(...requestContext(deps.logger), securityHeaders());
  app.onError(handleError);
  app.use(bodySizeLimit({ maxKilobytes: deps.env.BODY_LIMIT_KB, uploadPaths: UPLOAD_PATHS }));
  app.use('/api/*', compressJson());

  const api = createApiRoutes(deps);
  app.use('/api/*', apiKeyAuth(deps));
  app.use('/api/*', crossSiteGuard({ env: deps.env, uploadPaths: UPLOAD_PATHS }));
  app.route('/api', api);
  app.all('/api/*', apiNotFound);
  app.route('/', createStaticClient(deps.env.CLIENT_DIST_DIR));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

/** The API's type, for the browser's typed client (`hc<ApiType>('/api')`). */
export type ApiType = ReturnType<typeof createApiRoutes>;
