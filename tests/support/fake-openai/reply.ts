import { modelAnswer } from './fake-model';
import type { PlantedError } from './planted-errors';
import {
  invalidRequest,
  quotaError,
  statusError,
  strictSchemaFault,
  type OpenAiErrorBody,
} from './protocol';
import { imageCount, textOf, tokensOf, type FakeBehavior, type FakeChatRequest } from './types';

/** What the fake server answers to one chat-completions request. */
export type FakeReply = {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  delayMs: number;
  /** Wrong values planted in the answer (FakeBehavior.plant). */
  planted?: PlantedError[];
};

function errorReply(
  status: number,
  error: OpenAiErrorBody,
  headers: Record<string, string> = {},
): FakeReply {
  return { status, body: { error }, headers, delayMs: 0 };
}

function unsupportedFormat(type: string): FakeReply {
  return errorReply(
    400,
    invalidRequest(
      `Invalid parameter: 'response_format' of type '${type}' is not supported with this model.`,
      'response_format',
    ),
  );
}

/** The request faults OpenAI itself reports, before any answer. */
function requestFault(request: FakeChatRequest, behavior: FakeBehavior): FakeReply | null {
  const format = request.response_format;
  if (behavior.status !== undefined) {
    const headers: Record<string, string> = {};
    if (behavior.retryAfter !== undefined) headers['retry-after'] = behavior.retryAfter;
    if (behavior.retryAfterMs !== undefined)
      headers['retry-after-ms'] = String(behavior.retryAfterMs);
    const error = behavior.insufficientQuota
      ? quotaError()
      : statusError(behavior.status, request.model);
    return errorReply(behavior.status, error, headers);
  }
  if (request.logprobs === true && behavior.rejectLogprobs) {
    return errorReply(
      400,
      invalidRequest('logprobs is not supported with this model.', 'logprobs'),
    );
  }
  if (format?.type === 'json_schema' && behavior.rejectJsonSchema)
    return unsupportedFormat('json_schema');
  if (format?.type === 'json_object' && behavior.rejectJsonObject)
    return unsupportedFormat('json_object');
  if (format?.type === 'json_object' && !request.messages.some((m) => /json/i.test(textOf(m)))) {
    return errorReply(
      400,
      invalidRequest(
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        'messages',
      ),
    );
  }
  const schema = format?.json_schema;
  const fault =
    format?.type === 'json_schema' && schema?.strict ? strictSchemaFault(schema.schema) : null;
  if (fault) {
    return errorReply(
      400,
      invalidRequest(
        `Invalid schema for response_format '${schema?.name ?? ''}': ${fault}`,
        'response_format',
      ),
    );
  }
  return null;
}

function answerText(request: FakeChatRequest, behavior: FakeBehavior) {
  const answer = behavior.answer
    ? { text: behavior.answer(request), planted: [] }
    : modelAnswer(request, behavior);
  const broken = behavior.malformed ? `${answer.text.slice(0, -2)},,]` : answer.text;
  const text = behavior.fenced ? `\`\`\`json\n${broken}\n\`\`\`` : broken;
  return { text, planted: answer.planted };
}

/**
 * Log-probabilities of the answer's tokens (four characters each, as the fake counts them): the
 * model is sure of nearly every token; a few are less sure, at places that have nothing to do
 * with planted errors (a real model is often sure of its mistakes).
 */
function logprobsOf(content: string) {
  const tokens = content.match(/[\s\S]{1,4}/g) ?? [];
  return {
    content: tokens.map((token, index) => {
      const draw = ((index * 2654435761 + content.length * 40503) >>> 0) / 4294967296;
      const logprob = draw < 0.003 ? -1.8 : draw < 0.02 ? -0.6 : -0.002 - draw * 0.02;
      return { token, logprob, bytes: [...Buffer.from(token)], top_logprobs: [] };
    }),
  };
}

/** The answer cut at the output limit (the request's, or the provider's own when lower). */
function limit(text: string, request: FakeChatRequest, behavior: FakeBehavior) {
  const asked = request.max_completion_tokens ?? request.max_tokens ?? Number.POSITIVE_INFINITY;
  const tokens = Math.min(asked, behavior.maxOutputTokens ?? Number.POSITIVE_INFINITY);
  if (tokensOf(text) <= tokens) return { content: text, finishReason: 'stop' };
  return { content: text.slice(0, tokens * 4), finishReason: 'length' };
}

/** The prompt's tokens as the fake counts them: four characters each, 85 per image. */
function promptTokensOf(request: FakeChatRequest): number {
  return request.messages.reduce((sum, m) => sum + tokensOf(textOf(m)) + imageCount(m) * 85, 0);
}

/** What a request costs against a tokens-per-minute limit when admitted: prompt plus max_tokens. */
export function requestCost(request: FakeChatRequest, behavior: FakeBehavior): number {
  const asked = request.max_completion_tokens ?? request.max_tokens ?? 0;
  return promptTokensOf(request) + Math.min(asked, behavior.maxOutputTokens ?? asked);
}

export function replyTo(request: FakeChatRequest, behavior: FakeBehavior): FakeReply {
  const extraDelay = behavior.delayMs ?? 0;
  const fault = requestFault(request, behavior);
  if (fault) return { ...fault, delayMs: extraDelay };
  const answer = answerText(request, behavior);
  const { content, finishReason } = limit(answer.text, request, behavior);
  const promptTokens = promptTokensOf(request);
  const completionTokens = tokensOf(content);
  const speed = behavior.speed;
  const speedDelay = speed
    ? speed.firstTokenMs + (completionTokens / speed.tokensPerSecond) * 1000
    : 0;
  return {
    status: 200,
    headers: {},
    planted: answer.planted,
    delayMs: extraDelay + Math.round(speedDelay),
    body: {
      id: `chatcmpl-fake${Math.random().toString(36).slice(2, 12)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [
        {
          index: 0,
          message: behavior.refusal
            ? { role: 'assistant', content: null, refusal: behavior.refusal, annotations: [] }
            : { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: request.logprobs === true ? logprobsOf(content) : null,
          finish_reason: finishReason,
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
      system_fingerprint: 'fp_fake',
    },
  };
}
