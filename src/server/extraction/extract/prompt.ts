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

function describeColumns(columns: ColumnDefinition[]): string {
  return columns
    .map((column, index) => {
      const hint = column.description ? `: ${column.description}` : '';
      const required = index === 0 ? ', required' : '';
      return `- ${column.name} (${column.type}${required})${hint}`;
    })
    .join('\n');
}

export function extractionUserPrompt(options: {
  columns: ColumnDefinition[];
  chunkText: string;
  description?: string;
  part?: { index: number; count: number };
}): string {
  const { columns, chunkText, description, part } = options;
  return [
    `Columns:\n${describeColumns(columns)}`,
    description ? `About this document: ${description}` : '',
    part && part.count > 1
      ? `This is part ${part.index + 1} of ${part.count} of a longer document; extract the records in this part only.`
      : '',
    `${DOCUMENT_OPEN}\n${chunkText}\n${DOCUMENT_CLOSE}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function continuationPrompt(lastRow: Record<string, unknown> | null): string {
  const after = lastRow
    ? `${CONTINUE_MARKER} ${JSON.stringify(lastRow)}`
    : 'Start again from the first record.';
  return `Your answer was cut off by the output limit. ${after} Answer with the remaining records only, as {"data": [...]}.`;
}
