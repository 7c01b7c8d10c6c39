import type { ColumnDefinition } from '../../../shared/columns';

const TYPE_GUIDANCE: Record<ColumnDefinition['type'], string> = {
  text: 'Text as written in the source.',
  number: 'A number as written in the source (keep signs, decimals and currency as they appear).',
  date: 'A date as written in the source; ISO YYYY-MM-DD when unambiguous.',
  boolean: 'true or false (yes/no).',
};

function valueProperties(definitions: readonly ColumnDefinition[]) {
  return Object.fromEntries(
    definitions.map((definition) => [
      definition.name,
      {
        type: ['string', 'null'],
        description: [definition.description, TYPE_GUIDANCE[definition.type]]
          .filter(Boolean)
          .join(' '),
      },
    ]),
  );
}

function rowsSchema(columns: readonly ColumnDefinition[]) {
  return {
    type: 'array',
    description: 'One object per record found, in the order they appear in the document.',
    items: {
      type: 'object',
      properties: valueProperties(columns),
      required: columns.map((column) => column.name),
      additionalProperties: false,
    },
  } as const;
}

/**
 * The answer's JSON schema, SPEC.md section 7: `{ data: [ { column: string, ... } ] }`. Strict
 * structured output needs every property listed and required, so a missing value is null.
 * With the document's own fields (issue 31) one schema asks for both, fields first as a
 * document shows its header first: `{ fields: { field: string }, data: [...] }`, and no `data`
 * when there are no columns.
 */
export function outputJsonSchema(
  columns: readonly ColumnDefinition[],
  fields: readonly ColumnDefinition[] = [],
) {
  if (fields.length === 0)
    return {
      type: 'object',
      properties: { data: rowsSchema(columns) },
      required: ['data'],
      additionalProperties: false,
    } as const;
  const fieldsSchema = {
    type: 'object',
    description: 'The document’s own fields: one value each for the whole document.',
    properties: valueProperties(fields),
    required: fields.map((field) => field.name),
    additionalProperties: false,
  } as const;
  return columns.length === 0
    ? {
        type: 'object',
        properties: { fields: fieldsSchema },
        required: ['fields'],
        additionalProperties: false,
      }
    : {
        type: 'object',
        properties: { fields: fieldsSchema, data: rowsSchema(columns) },
        required: ['fields', 'data'],
        additionalProperties: false,
      };
}
