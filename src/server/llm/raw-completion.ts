import { AppError } from '../../shared/errors';
import { httpStatusError, refusalOf } from './model-errors';
import type { ChatMessage, CompletionResult, TokenLogprob } from './model-client';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export type RawCompletionOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  body: { model: string; messages: ChatMessage[]; max_tokens: number; logprobs?: boolean };
  signal: AbortSignal;
};

type RawAnswer = {
  choices?: {
    message?: { content?: unknown; refusal?: unknown };
    finish_reason?: unknown;
    logprobs?: { content?: unknown } | null;
  }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
};

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The answer's tokens and log-probabilities, when the endpoint gave them in OpenAI's shape. */
export function tokensOf(
  logprobs: { content?: unknown } | null | undefined,
): TokenLogprob[] | undefined {
  if (!Array.isArray(logprobs?.content)) return undefined;
  const tokens: TokenLogprob[] = [];
  for (const entry of logprobs.content as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { token, logprob } = entry as { token?: unknown; logprob?: unknown };
    if (typeof token !== 'string' || typeof logprob !== 'number') return undefined;
    tokens.push({ token, logprob });
  }
  return tokens;
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
): Promise<{ answer: Omit<CompletionResult, 'mode'>; headers: Headers }> {
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
  const refusal = refusalOf(choice?.message);
  if (refusal) throw refusal;
  const content = choice?.message?.content;
  const tokens = tokensOf(choice?.logprobs);
  return {
    answer: {
      content: typeof content === 'string' ? content : '',
      ...(tokens ? { tokens } : {}),
      finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : 'stop',
      usage: {
        inputTokens: count(answer.usage?.prompt_tokens),
        outputTokens: count(answer.usage?.completion_tokens),
      },
    },
    headers: response.headers,
  };
}
