import { AppError } from '../../shared/errors';
import { httpStatusError } from './model-errors';
import type { ChatMessage, CompletionResult } from './model-client';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export type RawCompletionOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  body: { model: string; messages: ChatMessage[]; max_tokens: number };
  signal: AbortSignal;
};

type RawAnswer = {
  choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
};

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function parseAnswer(text: string): RawAnswer {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) return parsed;
  } catch {
    // Not JSON: reported below as a bad gateway answer.
  }
  throw new AppError('MODEL_API_ERROR', {
    params: { status: 502, statusText: 'Bad Gateway' },
    details: { message: `The endpoint did not answer with JSON: ${text.slice(0, 200)}` },
  });
}

/**
 * The last response mode, SPEC.md section 7: a plain POST to {baseUrl}/chat/completions with
 * model and messages, reading choices[0].message.content.
 */
export async function rawCompletion(
  options: RawCompletionOptions,
): Promise<Omit<CompletionResult, 'mode'>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers,
    body: JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) throw httpStatusError(response, text);
  const answer = parseAnswer(text);
  const choice = answer.choices?.[0];
  const content = choice?.message?.content;
  return {
    content: typeof content === 'string' ? content : '',
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : 'stop',
    usage: {
      inputTokens: count(answer.usage?.prompt_tokens),
      outputTokens: count(answer.usage?.completion_tokens),
    },
  };
}
