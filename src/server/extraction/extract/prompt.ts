import type { ColumnDefinition } from '../../../shared/columns';

/**
 * The prompt text of the extraction task. The document goes between <document> tags; a
 * continuation names the last complete row so the model goes on after it. The fake model server
 * in tests/support reads these same markers.
 */
export const DOCUMENT_OPEN = '<document>';
export const DOCUMENT_CLOSE = '</document>';
export const CONTINUE_MARKER = 'Continue after this last complete row:';

export const SYSTEM_PROMPT = [
  'You extract structured data from documents into a table.',
  'Return every record in the document that fits the columns, in document order, one object per record.',
  'Copy values exactly as they appear in the document; do not invent, summarise or compute values.',
  'Use null when a record has no value for a column.',
  'Answer only with JSON of the form {"data": [ { "<column>": "<value>", ... } ]}.',
].join(' ');

/**
 * The system prompt of a run that asks for the document's own fields (issue 31), with or without
 * line-item columns.
 */
export function recordsSystemPrompt(hasColumns: boolean): string {
  return [
    'You extract structured data from documents.',
    'Fill in the document’s own fields: one value each for the whole document, as the document states it (its number, its date, its total).',
    hasColumns
      ? 'Then return every line item that fits the columns, in document order, one object per line item.'
      : '',
    'Copy values exactly as they appear in the document; do not invent, summarise or compute values.',
    'Use null when the document has no value for a field or a line item has none for a column.',
    hasColumns
      ? 'Answer only with JSON of the form {"fields": { "<field>": "<value>", ... }, "data": [ { "<column>": "<value>", ... } ]}.'
      : 'Answer only with JSON of the form {"fields": { "<field>": "<value>", ... }}.',
  ]
    .filter(Boolean)
    .join(' ');
}

function describeColumns(columns: readonly ColumnDefinition[], isRequiredFirst = true): string {
  return columns
    .map((column, index) => {
      const hint = column.description ? `: ${column.description}` : '';
      const required = isRequiredFirst && index === 0 ? ', required' : '';
      return `- ${column.name} (${column.type}${required})${hint}`;
    })
    .join('\n');
}

export function extractionUserPrompt(options: {
  columns: ColumnDefinition[];
  /** The document's own fields (issue 31); none by default. */
  fields?: readonly ColumnDefinition[];
  chunkText: string;
  description?: string;
  part?: { index: number; count: number };
}): string {
  const { columns, chunkText, description, part } = options;
  const fields = options.fields ?? [];
  return [
    fields.length > 0 ? `Document fields (one value each):\n${describeColumns(fields, false)}` : '',
    columns.length > 0 || fields.length === 0 ? `Columns:\n${describeColumns(columns)}` : '',
    description ? `About this document: ${description}` : '',
    part && part.count > 1
      ? `This is part ${part.index + 1} of ${part.count} of a longer document; extract the records in this part only${fields.length > 0 ? ', and the fields this part states (null for the others)' : ''}.`
      : '',
    `${DOCUMENT_OPEN}\n${chunkText}\n${DOCUMENT_CLOSE}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function continuationPrompt(
  lastRow: Record<string, unknown> | null,
  hasFields = false,
): string {
  const after = lastRow
    ? `${CONTINUE_MARKER} ${JSON.stringify(lastRow)}`
    : 'Start again from the first record.';
  const shape = hasFields ? '{"fields": {...}, "data": [...]}' : '{"data": [...]}';
  return `Your answer was cut off by the output limit. ${after} Answer with the remaining records only, as ${shape}.`;
}
