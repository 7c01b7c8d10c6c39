import { z } from 'zod';
import { COLUMN_TYPES } from '../../shared/column-types';
import { columnsSchema, type SuggestedColumns } from '../../shared/columns';
import type { ModelClient } from '../llm/model-client';
import { parseAnswer } from './extract/parse-answer';
import { DOCUMENT_CLOSE, DOCUMENT_OPEN } from './extract/prompt';
import type { ServerDocument } from './read/types';
import { suggestColumnsOffline } from './suggest-columns-offline';

const SAMPLE_CHARACTERS = 12_000;

const SUGGEST_PROMPT =
  'Suggest the columns of a table that would capture the repeated records in this document. ' +
  'Answer only with JSON {"data": [{"name": "snake_case_name", "type": "text|number|date|boolean", "description": "what goes in it"}]}, ' +
  'at most 10 columns, the most identifying column first.';

const suggestionSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          type: { type: 'string', enum: [...COLUMN_TYPES] },
          description: { type: 'string' },
        },
        required: ['name', 'type', 'description'],
        additionalProperties: false,
      },
    },
  },
  required: ['data'],
  additionalProperties: false,
};

const suggestedColumnSchema = z.object({
  name: z.string().trim().min(1).max(60),
  type: z.enum(COLUMN_TYPES).catch('text'),
  description: z.string().trim().max(300).optional(),
});

async function suggestWithModel(
  model: ModelClient,
  document: ServerDocument,
  signal?: AbortSignal,
) {
  const answer = await model.complete({
    messages: [
      { role: 'system', content: SUGGEST_PROMPT },
      {
        role: 'user',
        content: `${DOCUMENT_OPEN}\n${document.markdown.slice(0, SAMPLE_CHARACTERS)}\n${DOCUMENT_CLOSE}`,
      },
    ],
    jsonSchema: { name: 'suggested_columns', schema: suggestionSchema },
    maxOutputTokens: 1_000,
    signal,
  });
  const columns = parseAnswer(answer.content).rows.flatMap((row) => {
    const parsed = suggestedColumnSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  const valid = columnsSchema.safeParse(columns.slice(0, 12));
  return valid.success ? valid.data : null;
}

/**
 * Suggest Columns: names and types of likely columns, by the model when one is configured (and
 * answers usefully), otherwise from table headers, record keys and value types.
 */
export async function suggestColumns(options: {
  document: ServerDocument;
  model: ModelClient | null;
  signal?: AbortSignal;
}): Promise<SuggestedColumns> {
  const { document, model, signal } = options;
  if (model) {
    try {
      const columns = await suggestWithModel(model, document, signal);
      if (columns) return { columns, engine: 'model' };
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  return { columns: suggestColumnsOffline(document).columns, engine: 'offline' };
}
