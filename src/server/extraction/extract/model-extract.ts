import type { ColumnDefinition } from '../../../shared/columns';
import type { ChatContentPart, ChatMessage, ModelClient } from '../../llm/model-client';
import type { Chunk } from '../plan';
import { outputJsonSchema } from './output-schema';
import { parseAnswer } from './parse-answer';
import { valueCertainty } from './value-certainty';
import { continuationPrompt, extractionUserPrompt, SYSTEM_PROMPT } from './prompt';

export type ChunkExtraction = {
  rows: Record<string, unknown>[];
  /** Parallel to rows: how sure the model was of each value, when the provider said. */
  certainty: (Record<string, number> | undefined)[];
  /** False when an answer was not the JSON asked for. */
  isValidFormat: boolean;
  calls: number;
  usage: { inputTokens: number; outputTokens: number };
  /** True when the continuation limit was reached while the answer was still being cut off. */
  isCutShort: boolean;
};

export type ModelExtractOptions = {
  client: ModelClient;
  chunk: Chunk;
  chunkCount: number;
  columns: ColumnDefinition[];
  description?: string;
  maxOutputTokens: number;
  maxContinuations: number;
  signal?: AbortSignal;
};

function userMessage(options: ModelExtractOptions): ChatMessage {
  const { chunk, chunkCount, columns, description } = options;
  const text = extractionUserPrompt({
    columns,
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

/**
 * Extracts one chunk. An answer cut off by the output limit is continued from its last complete
 * row (the cut-off row is asked for again), up to `maxContinuations` times; nothing is dropped
 * silently: running out of continuations is reported.
 */
export async function extractChunkWithModel(
  options: ModelExtractOptions,
): Promise<ChunkExtraction> {
  const { client, columns, maxOutputTokens, maxContinuations, signal } = options;
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    userMessage(options),
  ];
  const jsonSchema = { name: 'extracted_rows', schema: outputJsonSchema(columns) };
  const result: ChunkExtraction = {
    rows: [],
    certainty: [],
    isValidFormat: true,
    calls: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    isCutShort: false,
  };

  for (let attempt = 0; ; attempt += 1) {
    const answer = await client.complete({ messages, jsonSchema, maxOutputTokens, signal });
    result.calls += 1;
    result.usage.inputTokens += answer.usage.inputTokens;
    result.usage.outputTokens += answer.usage.outputTokens;
    const parsed = parseAnswer(answer.content);
    const certainty = valueCertainty(answer.content, answer.tokens);
    result.rows.push(...parsed.rows);
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
      { role: 'user', content: continuationPrompt(result.rows.at(-1) ?? null) },
    );
  }
}
