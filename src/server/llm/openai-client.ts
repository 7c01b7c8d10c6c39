import OpenAI from 'openai';
import type {
  ChatCompletionContentPartText,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { AppError } from '../../shared/errors';
import type {
  ChatContentPart,
  ChatMessage,
  CompletionRequest,
  CompletionResult,
  ModelClient,
  ResponseMode,
} from './model-client';
import { isLogprobsRejection, isModeRejection, toModelError } from './model-errors';
import { DEFAULT_BASE_URL, rawCompletion, tokensOf } from './raw-completion';
import { httpRetryDecision, withRetries, type RetryDecision } from './retry';

export type ModelLogger = { warn(obj: object, msg: string): void };

export type OpenAiClientOptions = {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  model: string;
  /** One deadline for a whole `complete` call: every attempt, every mode. */
  timeoutMs: number;
  /** Retries after the first attempt, per mode (SPEC.md section 9: 2). */
  maxRetries?: number;
  /** Backoff base; the tests shorten it. */
  retryBaseDelayMs?: number;
  logger?: ModelLogger;
};

/** The call order of SPEC.md section 7. */
const MODES: readonly ResponseMode[] = ['json_schema', 'json_object', 'raw'];

/** `withLogprobs`: ask for the tokens' log-probabilities (review uses them). */
type ModeCall = (
  request: CompletionRequest,
  signal: AbortSignal,
  withLogprobs: boolean,
) => Promise<Omit<CompletionResult, 'mode'>>;

type TextPart = Extract<ChatContentPart, { type: 'text' }>;

function isTextPart(part: ChatContentPart): part is TextPart {
  return part.type === 'text';
}

/** User messages go as they are (image parts included); others carry text only. */
function toSdkMessage(message: ChatMessage): ChatCompletionMessageParam {
  if (message.role === 'user') return { role: 'user', content: message.content };
  const content: string | ChatCompletionContentPartText[] =
    typeof message.content === 'string' ? message.content : message.content.filter(isTextPart);
  return message.role === 'system' ? { role: 'system', content } : { role: 'assistant', content };
}

/** Modes without a schema still ask for its JSON; json_object mode needs the word JSON anyway. */
function withJsonInstruction(request: CompletionRequest): ChatMessage[] {
  const line: ChatMessage = {
    role: 'system',
    content: `Answer with one JSON object that matches this JSON schema: ${JSON.stringify(request.jsonSchema.schema)}`,
  };
  const leading = request.messages.findIndex((message) => message.role !== 'system');
  const at = leading === -1 ? request.messages.length : leading;
  return [...request.messages.slice(0, at), line, ...request.messages.slice(at)];
}

function sdkModeCall(sdk: OpenAI, model: string, mode: 'json_schema' | 'json_object'): ModeCall {
  return async (request, signal, withLogprobs) => {
    const isSchema = mode === 'json_schema';
    const body: ChatCompletionCreateParamsNonStreaming = {
      model,
      messages: (isSchema ? request.messages : withJsonInstruction(request)).map(toSdkMessage),
      max_tokens: request.maxOutputTokens,
      response_format: isSchema
        ? { type: 'json_schema', json_schema: { ...request.jsonSchema, strict: true } }
        : { type: 'json_object' },
      ...(withLogprobs ? { logprobs: true } : {}),
    };
    const completion = await sdk.chat.completions.create(body, { signal });
    const choice = completion.choices[0];
    const tokens = tokensOf(choice?.logprobs);
    return {
      content: choice?.message.content ?? '',
      ...(tokens ? { tokens } : {}),
      finishReason: choice?.finish_reason ?? 'stop',
      usage: {
        inputTokens: completion.usage?.prompt_tokens ?? 0,
        outputTokens: completion.usage?.completion_tokens ?? 0,
      },
    };
  };
}

function rawModeCall(options: OpenAiClientOptions): ModeCall {
  return (request, signal, withLogprobs) =>
    rawCompletion({
      baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
      apiKey: options.apiKey,
      body: {
        model: options.model,
        messages: withJsonInstruction(request),
        max_tokens: request.maxOutputTokens,
        ...(withLogprobs ? { logprobs: true } : {}),
      },
      signal,
    });
}

/** Our own answers (AppError) are final; everything else follows the HTTP policy. */
function decide(error: unknown): RetryDecision {
  return error instanceof AppError ? { retry: false } : httpRetryDecision(error);
}

/**
 * A ModelClient for any OpenAI-compatible chat-completions endpoint. The SDK's own retries are
 * off so that all three modes retry alike through `withRetries`. The mode that worked is
 * remembered, so a provider without structured output is asked in its own mode from then on.
 */
export function createOpenAiClient(options: OpenAiClientOptions): ModelClient {
  const sdk = new OpenAI({
    apiKey: options.apiKey ?? 'not-needed',
    baseURL: options.baseUrl ?? DEFAULT_BASE_URL,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  const calls: Record<ResponseMode, ModeCall> = {
    json_schema: sdkModeCall(sdk, options.model, 'json_schema'),
    json_object: sdkModeCall(sdk, options.model, 'json_object'),
    raw: rawModeCall(options),
  };
  let preferred = 0;
  // Log-probabilities are asked for until the provider says it does not give them.
  let asksLogprobs = true;

  async function callWithRetries(
    mode: ResponseMode,
    request: CompletionRequest,
    signal: AbortSignal,
  ) {
    return withRetries(() => calls[mode](request, signal, asksLogprobs), {
      retries: options.maxRetries ?? 2,
      baseDelayMs: options.retryBaseDelayMs ?? 500,
      signal,
      decide,
      onRetry: ({ attempt, delayMs, error }) =>
        options.logger?.warn({ attempt, delayMs, mode, err: error }, 'model call failed, retrying'),
    });
  }

  async function completeInModes(request: CompletionRequest, signal: AbortSignal) {
    for (let index = preferred; ; index += 1) {
      const mode = MODES[index] ?? 'raw';
      try {
        const result = await callWithRetries(mode, request, signal);
        preferred = index;
        return { ...result, mode };
      } catch (error) {
        if (asksLogprobs && isLogprobsRejection(error)) {
          options.logger?.warn({ mode, err: error }, 'the provider gives no log-probabilities');
          asksLogprobs = false;
          index -= 1;
          continue;
        }
        if (index >= MODES.length - 1 || !isModeRejection(error)) throw error;
        options.logger?.warn(
          { mode, err: error },
          'the provider rejected this response mode, trying the next',
        );
      }
    }
  }

  return {
    model: options.model,
    async complete(request) {
      const deadline = AbortSignal.timeout(options.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
      try {
        return await completeInModes(request, signal);
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        if (deadline.aborted) throw new AppError('MODEL_TIMEOUT', { cause: error });
        throw toModelError(error);
      }
    },
  };
}
