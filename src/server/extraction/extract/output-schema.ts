import type { ColumnDefinition } from '../../../shared/columns';

const TYPE_GUIDANCE: Record<ColumnDefinition['type'], string> = {
  text: 'Text as written in the source.',
  number: 'A number as written in the source (keep signs, decimals and currency as they appear).',
  date: 'A date as written in the source; ISO YYYY-MM-DD when unambiguous.',
  boolean: 'true or false (yes/no).',
};

/**
 * The answer's JSON schema, SPEC.md section 7: `{ data: [ { column: string, ... } ] }`. Strict
 * structured output needs every property listed and required, so a missing value is null.
 */
export function outputJsonSchema(columns: ColumnDefinition[]) {
  const properties = Object.fromEntries(
    columns.map((column) => [
      column.name,
      {
        type: ['string', 'null'],
        description: [column.description, TYPE_GUIDANCE[column.type]].filter(Boolean).join(' '),
      },
    ]),
  );
  return {
    type: 'object',
    properties: {
      data: {
        type: 'array',
        description: 'One object per record found, in the order they appear in the document.',
        items: {
          type: 'object',
          properties,
          required: columns.map((column) => column.name),
          additionalProperties: false,
        },
      },
    },
    required: ['data'],
    additionalProperties: false,
  } as const;
}
