/**
 * The part of an OpenAPI 3.1 document that Rowsmith writes (GET /api/openapi.json) and the API
 * reference page reads. Schemas are JSON Schema 2020-12, generated from the shared zod schemas.
 */
export type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  contentMediaType?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  examples?: unknown[];
};

/** A body's schema, and an example of it (shown by the API reference, used by its curl call). */
export type OpenApiMediaType = { schema: JsonSchema; example?: unknown };

export type OpenApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type OpenApiResponse = {
  description: string;
  content?: Record<string, OpenApiMediaType>;
};

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Empty: no credentials needed. `{}` among others: credentials are optional. */
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
};

export const HTTP_METHODS = ['get', 'post', 'put', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type OpenApiPathItem = Partial<Record<HttpMethod, OpenApiOperation>>;

export type OpenApiSecurityScheme =
  | { type: 'apiKey'; in: 'cookie' | 'header'; name: string; description: string }
  | { type: 'http'; scheme: 'bearer'; bearerFormat: string; description: string };

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: { securitySchemes: Record<string, OpenApiSecurityScheme> };
};
