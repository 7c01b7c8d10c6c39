import type { ServerResponse } from 'node:http';

/** OpenAI's error body: {"error": {message, type, param, code}}. */
export type OpenAiErrorBody = {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
};

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': `req_${Math.random().toString(16).slice(2, 14)}`,
    'openai-processing-ms': '1',
    ...headers,
  });
  response.end(text);
}

export function sendError(
  response: ServerResponse,
  status: number,
  error: OpenAiErrorBody,
  headers: Record<string, string> = {},
): void {
  sendJson(response, status, { error }, headers);
}

export function invalidRequest(message: string, param: string | null = null): OpenAiErrorBody {
  return { message, type: 'invalid_request_error', param, code: null };
}

/** The bodies OpenAI sends with these statuses. */
export function statusError(status: number, model: string): OpenAiErrorBody {
  if (status === 429) {
    return {
      message: `Rate limit reached for ${model} on tokens per min (TPM): Limit 30000, Used 30000, Requested 1200. Please try again in 1s.`,
      type: 'tokens',
      param: null,
      code: 'rate_limit_exceeded',
    };
  }
  if (status === 503) {
    return {
      message: 'The engine is currently overloaded, please try again later',
      type: 'server_error',
      param: null,
      code: null,
    };
  }
  if (status >= 500) {
    return {
      message: 'The server had an error while processing your request. Sorry about that!',
      type: 'server_error',
      param: null,
      code: null,
    };
  }
  return invalidRequest(`Request failed with status ${status}.`);
}

/** OpenAI's 429 for an account whose quota or credit is spent: waiting does not help. */
export function quotaError(): OpenAiErrorBody {
  return {
    message:
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs.',
    type: 'insufficient_quota',
    param: null,
    code: 'insufficient_quota',
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * OpenAI's strict structured output accepts a schema only when every object lists all its
 * properties as required and sets additionalProperties to false; the answer names the first fault.
 */
export function strictSchemaFault(schema: unknown, context: string[] = []): string | null {
  if (!isRecord(schema)) return null;
  const where = `In context=(${context.map((part) => `'${part}'`).join(', ')})`;
  const isObject =
    schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
  if (isObject) {
    if (schema.additionalProperties !== false) {
      return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const required: unknown[] = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing !== undefined) {
      return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
    for (const [key, child] of Object.entries(properties)) {
      const fault = strictSchemaFault(child, [...context, 'properties', key]);
      if (fault) return fault;
    }
  }
  return strictSchemaFault(schema.items, [...context, 'items']);
}
