import type { JsonSchema } from '../../shared/openapi';

/** Stop at this depth: the answers nest a few levels, never this many. */
const MAX_DEPTH = 8;

/** Example strings by format, then by the property's name; anything else is "string". */
const FORMATS: Record<string, string> = {
  'date-time': '2026-11-25T14:32:00.000Z',
  date: '2026-11-25',
  email: 'ada@example.com',
  uri: 'https://example.com/statement.html',
  url: 'https://example.com/statement.html',
  uuid: '3f2b8c1e-6d4a-4f7e-9b1a-2c5d8e0f1a2b',
};

const NAMED: Record<string, string> = {
  email: 'ada@example.com',
  url: 'https://example.com/statement.html',
  webhook_url: 'https://example.com/hooks/rowsmith',
  password: 'correct horse battery staple',
  newPassword: 'correct horse battery staple',
  currentPassword: 'an older passphrase',
};

/** `created_at`, `expiresAt`: a time; `id`, `job_id`, `userId`: an id. */
function stringByName(name: string): string | undefined {
  if (NAMED[name]) return NAMED[name];
  if (/(_at|At)$/.test(name)) return FORMATS['date-time'];
  if (/^id$|_id$|Id$/.test(name)) return 'k3v9x2m7q4w8';
  return undefined;
}

export type ExampleOptions = {
  /** Only required properties: the smallest valid request. Answers show every property. */
  isRequest?: boolean;
};

function stringExample(schema: JsonSchema, name: string | undefined): string {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!;
  if (schema.format === 'binary' || schema.contentMediaType) return '(the file’s bytes)';
  return (name && stringByName(name)) ?? 'string';
}

/** Zod's whole numbers carry the safe-integer range as their bounds: those say nothing. */
const isStated = (bound: number | undefined) =>
  bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER;

function numberExample(schema: JsonSchema): number {
  const value = isStated(schema.minimum) ? schema.minimum! : 1;
  return isStated(schema.maximum) ? Math.min(value, schema.maximum!) : value;
}

function objectExample(schema: JsonSchema, depth: number, options: ExampleOptions) {
  const example: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (options.isRequest && !schema.required?.includes(key)) continue;
    example[key] = build(property, depth + 1, options, key);
  }
  // A record (a row's cells by column name, say): one entry.
  if (typeof schema.additionalProperties === 'object' && !schema.properties)
    example.column = build(schema.additionalProperties, depth + 1, options);
  return example;
}

function build(schema: JsonSchema, depth: number, options: ExampleOptions, name?: string): unknown {
  if (depth > MAX_DEPTH) return null;
  if (schema.examples && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const chosen = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return chosen ? build(chosen, depth, options, name) : null;
  }
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((part) => build(part, depth, options, name)));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  if (type === 'object' || (!type && schema.properties))
    return objectExample(schema, depth, options);
  if (type === 'array') {
    if (schema.prefixItems)
      return schema.prefixItems.map((item) => build(item, depth + 1, options, name));
    return schema.items ? [build(schema.items, depth + 1, options, name)] : [];
  }
  if (type === 'string') return stringExample(schema, name);
  if (type === 'integer' || type === 'number') return numberExample(schema);
  if (type === 'boolean') return true;
  return null;
}

/**
 * An example value of a JSON Schema, for the API reference's example requests and answers:
 * its own `examples`, const, default or first enum value where it has one, else a value of its
 * type (dates and addresses in their format, numbers at their minimum, the first non-null branch
 * of a union, one item per array).
 */
export function exampleOf(schema: JsonSchema, options: ExampleOptions = {}): unknown {
  return build(schema, 0, options);
}
