import { z } from 'zod';
import { apiErrorBodySchema } from '../../shared/error-body';
import { ERROR_CATALOGUE, type ErrorCode } from '../../shared/errors';
import type {
  HttpMethod,
  JsonSchema,
  OpenApiDocument,
  OpenApiMediaType,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiResponse,
} from '../../shared/openapi';
import { ENDPOINT_EXAMPLES, type EndpointExample } from './endpoint-examples';
import { exampleOf } from './schema-example';

/**
 * Who may call an endpoint: anyone (`public`), anyone with a session or key charged to it and
 * otherwise the anonymous trial (`optional`), a signed-in user by session or API key (`user`), or
 * a browser session only (`session`).
 */
export type EndpointAuth = 'public' | 'optional' | 'user' | 'session';

export type EndpointResponse = {
  description: string;
  /** Media type → the zod schema of the body (output side); none for an empty answer. */
  content?: Record<string, z.ZodType>;
};

/** One endpoint of the API, described by the same zod schemas its route validates with. */
export type Endpoint = {
  method: HttpMethod;
  /** OpenAPI style: `/api/jobs/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: EndpointAuth;
  query?: z.ZodObject;
  headers?: { name: string; description: string }[];
  /** Media type → the zod schema of the body (input side). */
  body?: Record<string, z.ZodType>;
  responses: Record<number, EndpointResponse>;
  /** The error codes this endpoint answers beyond those every endpoint may (see commonErrors). */
  errors: ErrorCode[];
};

export type DocumentInfo = {
  version: string;
  tags: { name: string; description: string }[];
};

const SECURITY: Record<EndpointAuth, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, { sessionCookie: [] }, { apiKey: [] }],
  user: [{ sessionCookie: [] }, { apiKey: [] }],
  session: [{ sessionCookie: [] }],
};

/** A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    reused: 'inline',
  });
  return rest as JsonSchema;
}

/** The errors any endpoint of its kind may answer, from the middleware in front of it. */
function commonErrors(endpoint: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = ['INTERNAL', 'INVALID_API_KEY', 'RATE_LIMITED'];
  if (endpoint.method !== 'get') codes.push('CROSS_SITE_REQUEST');
  if (endpoint.body) codes.push('UNSUPPORTED_MEDIA_TYPE', 'INVALID_JSON', 'VALIDATION_FAILED');
  // JSON, on every endpoint, weighs at most BODY_LIMIT_KB; uploads have their own, larger
  // limits (FILE_TOO_LARGE).
  if (endpoint.body) codes.push('BODY_TOO_LARGE', 'JSON_TOO_COMPLEX');
  if (endpoint.query) codes.push('VALIDATION_FAILED');
  if (endpoint.auth === 'user' || endpoint.auth === 'session') codes.push('UNAUTHENTICATED');
  if (endpoint.auth === 'session') codes.push('SESSION_REQUIRED');
  return codes;
}

/** One answer per error status, its `code` narrowed to the codes that status carries here. */
function errorResponses(codes: ErrorCode[]): Record<string, OpenApiResponse> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of codes) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, set] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...set].sort() as [ErrorCode, ...ErrorCode[]];
    const schema = apiErrorBodySchema.extend({
      error: apiErrorBodySchema.shape.error.extend({ code: z.enum(list) }),
    });
    responses[String(status)] = {
      description: list.join(', '),
      content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
    };
  }
  return responses;
}

/** Media types whose example the reference shows: JSON, and the data of each streamed event. */
const EXAMPLE_MEDIA_TYPES = new Set(['application/json', 'text/event-stream']);

/**
 * Each media type's JSON Schema with an example: a request's smallest valid body (or the one
 * written in endpoint-examples.ts), an answer's every field (with what is written there on top).
 */
function mediaTypes(content: Record<string, z.ZodType>, io: 'input' | 'output', written?: unknown) {
  const media: Record<string, OpenApiMediaType> = {};
  for (const [type, zodSchema] of Object.entries(content)) {
    const schema = jsonSchemaOf(zodSchema, io);
    media[type] = { schema };
    if (!EXAMPLE_MEDIA_TYPES.has(type)) continue;
    const made = exampleOf(schema, { isRequest: io === 'input' });
    media[type].example = io === 'input' ? (written ?? made) : overlay(made, written);
  }
  return media;
}

/** An answer's example made from its schema, with the fields written by hand laid over it. */
function overlay(made: unknown, written: unknown): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  return isObject(made) && isObject(written) ? { ...made, ...written } : (written ?? made);
}

function parametersOf(endpoint: Endpoint): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(
    ([, name]) => ({ name: name ?? '', in: 'path', required: true, schema: { type: 'string' } }),
  );
  if (endpoint.query) {
    const query = jsonSchemaOf(endpoint.query, 'input');
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const required = query.required?.includes(name) ?? false;
      parameters.push({ name, in: 'query', required, schema });
    }
  }
  for (const { name, description } of endpoint.headers ?? [])
    parameters.push({
      name,
      in: 'header',
      required: false,
      description,
      schema: { type: 'string' },
    });
  return parameters;
}

function operationId(endpoint: Endpoint): string {
  const words = endpoint.path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return endpoint.method + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

/** An endpoint's own answer at a status that also carries our error body: either may come. */
function mergeResponses(own: OpenApiResponse | undefined, error: OpenApiResponse): OpenApiResponse {
  const ownJson = own?.content?.['application/json'];
  const errorJson = error.content?.['application/json'];
  if (!own || !ownJson || !errorJson) return own ?? error;
  return {
    description: `${own.description}; or ${error.description}`,
    content: { 'application/json': { schema: { anyOf: [ownJson.schema, errorJson.schema] } } },
  };
}

function operationOf(endpoint: Endpoint): OpenApiOperation {
  const written: EndpointExample = ENDPOINT_EXAMPLES[`${endpoint.method} ${endpoint.path}`] ?? {};
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, response] of Object.entries(endpoint.responses)) {
    responses[status] = { description: response.description };
    const example = status.startsWith('2') ? written.response : undefined;
    if (response.content)
      responses[status].content = mediaTypes(response.content, 'output', example);
  }
  const errors = [...new Set([...commonErrors(endpoint), ...endpoint.errors])];
  for (const [status, response] of Object.entries(errorResponses(errors)))
    responses[status] = mergeResponses(responses[status], response);
  const operation: OpenApiOperation = {
    operationId: operationId(endpoint),
    summary: endpoint.summary,
    tags: [endpoint.tag],
    security: SECURITY[endpoint.auth],
    responses,
  };
  if (endpoint.description) operation.description = endpoint.description;
  const parameters = parametersOf(endpoint);
  if (parameters.length > 0) operation.parameters = parameters;
  if (endpoint.body)
    operation.requestBody = {
      required: true,
      content: mediaTypes(endpoint.body, 'input', written.request),
    };
  return operation;
}

/** The OpenAPI 3.1 document of a list of endpoints. */
export function buildOpenApiDocument(endpoints: Endpoint[], info: DocumentInfo): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    if (item[endpoint.method]) throw new Error(`${endpoint.method} ${endpoint.path} listed twice`);
    item[endpoint.method] = operationOf(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rowsmith API',
      version: info.version,
      description:
        'Turn documents into tables. Bodies are JSON unless an endpoint also takes multipart/form-data; every error answers `{ error: { code, message, requestId, details? } }`.',
    },
    servers: [{ url: '/' }],
    tags: info.tags,
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'rowsmith.session_token',
          description:
            'The browser session set by sign-in or sign-up (named `__Secure-rowsmith.session_token` over https). POST, PUT and DELETE requests with it must carry the app’s own Origin.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'rsk_…',
          description:
            'An API key from Settings, sent as `Authorization: Bearer rsk_…`; it acts as its owner, 120 requests a minute by default (API_KEY_RATE_LIMIT).',
        },
      },
    },
  };
}
