import type { ColumnDefinition } from '../../../shared/columns';
import type { ChatContentPart, ChatMessage, ModelClient } from '../../llm/model-client';
import type { Pacing } from '../../llm/paced-call';
import type { FieldAnswer } from '../finish/merge-fields';
import { CHARACTERS_PER_TOKEN } from '../plan/answer-estimate';
import type { Chunk } from '../plan/plan-chunks';
import { outputJsonSchema } from './output-schema';
import { parseAnswer } from './parse-answer';
import { fieldCertainty, valueCertainty } from './value-certainty';
import {
  continuationPrompt,
  extractionUserPrompt,
  recordsSystemPrompt,
  SYSTEM_PROMPT,
} from './prompt';

export type ChunkExtraction = {
  rows: Record<string, unknown>[];
  /** Parallel to rows: how sure the model was of each value, when the provider said. */
  certainty: (Record<string, number> | undefined)[];
  /** The document's fields as each answer gave them (none when the run asked for no fields). */
  fields: FieldAnswer[];
  /** False when an answer was not the JSON asked for. */
  isValidFormat: boolean;
  calls: number;
  /** `repeatedInputTokens`: about how much input was sent again (see repeatedInput). */
  usage: { inputTokens: number; outputTokens: number; repeatedInputTokens: number };
  /** True when the continuation limit was reached while the answer was still being cut off. */
  isCutShort: boolean;
};

export type ModelExtractOptions = {
  client: ModelClient;
  chunk: Chunk;
  chunkCount: number;
  columns: ColumnDefinition[];
  /** The document's own fields (issue 31): the same call asks for them beside the rows. */
  fields?: ColumnDefinition[];
  description?: string;
  maxOutputTokens: number;
  maxContinuations: number;
  signal?: AbortSignal;
  /** The run's deadline for the provider's refusals, and whom to tell of waits. */
  pacing?: Pacing;
};

function userMessage(options: ModelExtractOptions): ChatMessage {
  const { chunk, chunkCount, columns, description } = options;
  const text = extractionUserPrompt({
    columns,
    fields: options.fields,
    chunkText: chunk.text,
    description,
    part: { index: chunk.index, count: chunkCount },
  });
  if (chunk.images.length === 0) return { role: 'user', content: text };
  const images: ChatContentPart[] = chunk.images.map((image) => ({
    type: 'image_url',
    image_url: {
      url: `data:${image.mimeType};base64,${Buffer.from(image.bytes).toString('base64')}`,
      detail: 'high',
    },
  }));
  return { role: 'user', content: [{ type: 'text', text }, ...images] };
}

const tokensOf = (characters: number) => Math.ceil(characters / CHARACTERS_PER_TOKEN);

/**
 * Input a call sends that an earlier call of the run sent too: a later part's instructions and
 * the table header it carries; a continuation's whole conversation but its new request.
 */
function repeatedInput(
  options: ModelExtractOptions,
  messages: ChatMessage[],
  call: { index: number; inputTokens: number },
): number {
  if (call.index > 0) {
    const request = messages.at(-1)?.content;
    const added = typeof request === 'string' ? tokensOf(request.length) : 0;
    return Math.max(0, call.inputTokens - added);
  }
  if (options.chunk.index === 0) return 0;
  const prompt = messages.reduce((sum, message) => sum + textLength(message), 0);
  const own = options.chunk.text.length - options.chunk.repeatedCharacters;
  return tokensOf(Math.max(0, prompt - own));
}

function textLength(message: ChatMessage): number {
  if (typeof message.content === 'string') return message.content.length;
  return message.content.reduce(
    (sum, part) => sum + (part.type === 'text' ? part.text.length : 0),
    0,
  );
}

/**
 * Extracts one chunk. An answer cut off by the output limit is continued from its last complete
 * row (the cut-off row is asked for again), up to `maxContinuations` times; nothing is dropped
 * silently: running out of continuations is reported.
 */
export async function extractChunkWithModel(
  options: ModelExtractOptions,
): Promise<ChunkExtraction> {
  const { client, columns, maxOutputTokens, maxContinuations, signal, pacing } = options;
  const fields = options.fields ?? [];
  const hasFields = fields.length > 0;
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: hasFields ? recordsSystemPrompt(columns.length > 0) : SYSTEM_PROMPT,
    },
    userMessage(options),
  ];
  const jsonSchema = { name: 'extracted_rows', schema: outputJsonSchema(columns, fields) };
  const result: ChunkExtraction = {
    rows: [],
    certainty: [],
    fields: [],
    isValidFormat: true,
    calls: 0,
    usage: { inputTokens: 0, outputTokens: 0, repeatedInputTokens: 0 },
    isCutShort: false,
  };

  for (let attempt = 0; ; attempt += 1) {
    const answer = await client.complete({
      messages,
      jsonSchema,
      maxOutputTokens,
      signal,
      ...(pacing ? { pacing } : {}),
    });
    result.usage.repeatedInputTokens += repeatedInput(options, messages, {
      index: result.calls,
      inputTokens: answer.usage.inputTokens,
    });
    result.calls += 1;
    result.usage.inputTokens += answer.usage.inputTokens;
    result.usage.outputTokens += answer.usage.outputTokens;
    const parsed = parseAnswer(answer.content);
    const certainty = valueCertainty(answer.content, answer.tokens);
    result.rows.push(...parsed.rows);
    if (hasFields && parsed.fields) {
      const sure = fieldCertainty(answer.content, answer.tokens);
      result.fields.push({ values: parsed.fields, ...(sure ? { certainty: sure } : {}) });
    }
    // Certainty is kept only where its rows line up with the parsed ones.
    const isAligned = certainty.length === parsed.rows.length;
    result.certainty.push(
      ...parsed.rows.map((_, index) => (isAligned ? certainty[index] : undefined)),
    );

    if (answer.finishReason !== 'length') {
      if (!parsed.isValid) result.isValidFormat = false;
      return result;
    }
    if (attempt >= maxContinuations) {
      result.isCutShort = true;
      return result;
    }
    messages.push(
      { role: 'assistant', content: answer.content },
      { role: 'user', content: continuationPrompt(result.rows.at(-1) ?? null, hasFields) },
    );
  }
}
