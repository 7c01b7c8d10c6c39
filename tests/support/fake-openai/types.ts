export type FakeContentPart = {
  type: string;
  text?: string;
  image_url?: { url: string; detail?: string };
};

export type FakeMessage = { role: string; content: string | FakeContentPart[] | null };

/** A chat-completions request body as the fake server received it. */
export type FakeChatRequest = {
  model: string;
  messages: FakeMessage[];
  max_tokens?: number;
  max_completion_tokens?: number;
  response_format?: {
    type: string;
    json_schema?: { name?: string; schema?: Record<string, unknown>; strict?: boolean };
  };
  [key: string]: unknown;
};

import type { PlantOptions } from './planted-errors';

export type FakeBehavior = {
  /** Answer 400 to a request that asks for logprobs, as providers without them do. */
  rejectLogprobs?: boolean;
  /** Plant wrong values in about one row in `every` (planted-errors.ts). */
  plant?: PlantOptions;
  /** Plant wrong values in about one document field in `every` (document-fields.ts). */
  plantFields?: PlantOptions;
  /**
   * A field conflict on purpose: every part but the first of a longer document answers this
   * value for this field (put the value in the document, so that both are found in it).
   */
  fieldConflict?: { field: string; value: string };
  /** Answer 400 to response_format json_schema, as OpenAI does for a model without it. */
  rejectJsonSchema?: boolean;
  /** Answer 400 to response_format json_object. */
  rejectJsonObject?: boolean;
  /** Answer this HTTP error status (429, 500, 503...) with OpenAI's error body. */
  status?: number;
  /** With status 429: the account's quota is spent (OpenAI's insufficient_quota), not a rate. */
  insufficientQuota?: boolean;
  /** Retry-After header (seconds or an HTTP date) sent with `status`. */
  retryAfter?: string;
  /** retry-after-ms header sent with `status`. */
  retryAfterMs?: number;
  /** Broken JSON. */
  malformed?: boolean;
  /** ```json fences around the answer. */
  fenced?: boolean;
  /** Additional properties on every row (true: `{ confidence: 'high' }`). */
  extraKeys?: boolean | Record<string, unknown>;
  /** 'raw': values that look like numbers are JSON numbers (schema or not); default strings. */
  numbers?: 'strings' | 'raw';
  /** Wait before answering. */
  delayMs?: number;
  /** Realistic latency: firstTokenMs + completionTokens / tokensPerSecond. */
  speed?: { firstTokenMs: number; tokensPerSecond: number };
  /** The provider's own output limit, applied even when the request asks for more. */
  maxOutputTokens?: number;
  /** The model's answer text, instead of the deterministic table reader. */
  answer?: (request: FakeChatRequest) => string;
  /** The model declines: no content, these words as the message's `refusal` (OpenAI's shape). */
  refusal?: string;
  /** In a queue: how many requests this behaviour answers (default 1). */
  times?: number;
};

export function textOf(message: FakeMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (!message.content) return '';
  return message.content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n');
}

export function imageCount(message: FakeMessage): number {
  if (!Array.isArray(message.content)) return 0;
  return message.content.filter((part) => part.type === 'image_url').length;
}

/** The fake's tokenizer: a token is four characters. */
export function tokensOf(text: string): number {
  return Math.ceil(text.length / 4);
}
