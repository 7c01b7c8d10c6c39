import OpenAI from 'openai';
import { AppError } from '../../shared/errors';
import type { ModelLimiter } from './limiter/model-limiter';
import type {
  CompletionRequest,
  CompletionResult,
  ModelClient,
  ModelPace,
  ResponseMode,
} from './model-client';
import { isLogprobsRejection, isModeRejection, toModelError } from './model-errors';
import { rawModeCall, requestTokens, sdkModeCall, type ModeCall } from './openai-modes';
import { pacedCall, type Pacing } from './paced-call';
import { isRateRefusal, rateLimitInfo } from './rate-limit-headers';
import { DEFAULT_BASE_URL } from './raw-completion';
import { memoryRefusalClock } from './refusal-clock';
import { httpRetryDecision, isHttpFailure, withRetries, type RetryDecision } from './retry';

export type ModelLogger = { warn(obj: object, msg: string): void };

export type OpenAiClientOptions = {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  model: string;
  /** The deadline of one attempt at a call (waiting for the provider's limits not counted). */
  timeoutMs: number;
  /** Retries after the first attempt, per mode (SPEC.md section 9: 2). */
  maxRetries?: number;
  /** Backoff base; the tests shorten it. */
  retryBaseDelayMs?: number;
  logger?: ModelLogger;
  /**
   * The endpoint's limiter (docs/decisions/027-speed-and-provider-limits.md): every attempt
   * waits for a place, and refusals for rate reasons are waited out within the run's deadline.
   * Without one, a 429 is retried like a 5xx.
   */
  limiter?: ModelLimiter;
  /** The most calls at once the limiter may grow to (for planning). */
  maxConcurrency?: number;
  /** How long calls made without a run's own pacing wait for a refusing provider. */
  refusalMinutes?: number;
};

/** The call order of SPEC.md section 7. */
const MODES: readonly ResponseMode[] = ['json_schema', 'json_object', 'raw'];

/**
 * Our own answers (AppError) are final, as is a spent quota (a 429 that is no rate limit);
 * everything else follows the HTTP policy.
 */
function decide(error: unknown): RetryDecision {
  if (error instanceof AppError) return { retry: false };
  if (isHttpFailure(error) && error.status === 429 && !isRateRefusal(error))
    return { retry: false };
  return httpRetryDecision(error);
}

/** One attempt, with its own deadline: a call that takes too long ends as MODEL_TIMEOUT. */
async function timedAttempt(
  call: ModeCall,
  request: CompletionRequest,
  withLogprobs: boolean,
  timeoutMs: number,
) {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  try {
    return await call(request, signal, withLogprobs);
  } catch (error) {
    if (deadline.aborted && !request.signal?.aborted)
      throw new AppError('MODEL_TIMEOUT', { cause: error });
    throw error;
  }
}

/**
 * A ModelClient for any OpenAI-compatible chat-completions endpoint. The SDK's own retries are
 * off so that all three modes retry alike through `withRetries`. The mode that worked is
 * remembered, so a provider without structured output is asked in its own mode from then on.
 */
export function createOpenAiClient(options: OpenAiClientOptions): ModelClient {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const sdk = new OpenAI({
    apiKey: options.apiKey ?? 'not-needed',
    baseURL: baseUrl,
    maxRetries: 0,
  });
  const calls: Record<ResponseMode, ModeCall> = {
    json_schema: sdkModeCall(sdk, options.model, 'json_schema'),
    json_object: sdkModeCall(sdk, options.model, 'json_object'),
    raw: rawModeCall({ baseUrl, apiKey: options.apiKey, model: options.model }),
  };
  const { limiter } = options;
  let preferred = 0;
  // Log-probabilities are asked for until the provider says it does not give them.
  let asksLogprobs = true;

  async function attempt(mode: ResponseMode, request: CompletionRequest, pacing: Pacing) {
    const once = () => timedAttempt(calls[mode], request, asksLogprobs, options.timeoutMs);
    if (!limiter) return (await once()).answer;
    const tokens = requestTokens(request);
    return pacedCall({ limiter, tokens, pacing, signal: request.signal }, async () => {
      const { answer, headers } = await once();
      return {
        value: answer,
        info: rateLimitInfo(headers),
        outputTokens: answer.usage.outputTokens,
      };
    });
  }

  async function callWithRetries(mode: ResponseMode, request: CompletionRequest, pacing: Pacing) {
    return withRetries(() => attempt(mode, request, pacing), {
      retries: options.maxRetries ?? 2,
      baseDelayMs: options.retryBaseDelayMs ?? 500,
      signal: request.signal,
      decide,
      onRetry: ({ attempt: number, delayMs, error }) =>
        options.logger?.warn(
          { attempt: number, delayMs, mode, err: error },
          'model call failed, retrying',
        ),
    });
  }

  async function completeInModes(request: CompletionRequest): Promise<CompletionResult> {
    const pacing = request.pacing ?? { clock: memoryRefusalClock(options.refusalMinutes ?? 30) };
    for (let index = preferred; ; index += 1) {
      const mode = MODES[index] ?? 'raw';
      try {
        const result = await callWithRetries(mode, request, pacing);
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
      try {
        return await completeInModes(request);
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        throw toModelError(error);
      }
    },
    async pace(): Promise<ModelPace> {
      const snapshot = limiter ? await limiter.snapshot() : null;
      const maxConcurrency = options.maxConcurrency ?? snapshot?.window ?? 1;
      return {
        window: snapshot?.window ?? maxConcurrency,
        threshold: snapshot?.threshold ?? null,
        maxConcurrency,
        tokensPerSecond: snapshot?.tokensPerSecond ?? null,
      };
    },
    close() {
      limiter?.close();
    },
  };
}
