import type { JsonSchema } from '../../../shared/openapi';

/** A JSON Schema's type in a few words: `string`, `integer or null`, `array of object`, … */
export function typeLabel(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeLabel))].join(' or ');
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.additionalProperties === undefined ? 'any' : 'object';
  return types
    .map((type) => {
      if (type === 'array' && schema.items) return `array of ${typeLabel(schema.items)}`;
      if (type === 'string' && (schema.format === 'binary' || schema.contentMediaType))
        return 'file';
      return type;
    })
    .join(' or ');
}

/** The limits and defaults of a schema as short phrases: `at most 80 characters`, `default 20`. */
export function constraintsOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.format && schema.format !== 'binary') notes.push(`format ${schema.format}`);
  if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) notes.push(`minimum ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`maximum ${schema.maximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}

/** The object schemas worth opening below a schema: its own properties, an array's items, a union's branches. */
export function childSchemas(schema: JsonSchema): JsonSchema[] {
  if (schema.properties) return [schema];
  if (schema.items) return childSchemas(schema.items);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap(childSchemas);
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties)
    return childSchemas(schema.additionalProperties);
  return [];
}
