import type OpenAI from 'openai';
import type {
  ChatCompletionContentPartText,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type {
  ChatContentPart,
  ChatMessage,
  CompletionRequest,
  CompletionResult,
} from './model-client';
import { refusalOf } from './model-errors';
import { rawCompletion, tokensOf } from './raw-completion';

/** One attempt in one response mode: the answer, and the headers it came with. */
export type ModeAnswer = { answer: Omit<CompletionResult, 'mode'>; headers: Headers };

/** `withLogprobs`: ask for the tokens' log-probabilities (review uses them). */
export type ModeCall = (
  request: CompletionRequest,
  signal: AbortSignal,
  withLogprobs: boolean,
) => Promise<ModeAnswer>;

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

/** Structured output or JSON-object mode, through the official SDK. */
export function sdkModeCall(
  sdk: OpenAI,
  model: string,
  mode: 'json_schema' | 'json_object',
): ModeCall {
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
    const { data: completion, response } = await sdk.chat.completions
      .create(body, { signal })
      .withResponse();
    const choice = completion.choices[0];
    const refusal = refusalOf(choice?.message);
    if (refusal) throw refusal;
    const tokens = tokensOf(choice?.logprobs);
    const answer = {
      content: choice?.message.content ?? '',
      ...(tokens ? { tokens } : {}),
      finishReason: choice?.finish_reason ?? 'stop',
      usage: {
        inputTokens: completion.usage?.prompt_tokens ?? 0,
        outputTokens: completion.usage?.completion_tokens ?? 0,
      },
    };
    return { answer, headers: response.headers };
  };
}

/** SPEC.md section 7's last mode: a raw POST to {baseUrl}/chat/completions. */
export function rawModeCall(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
}): ModeCall {
  return (request, signal, withLogprobs) =>
    rawCompletion({
      baseUrl: options.baseUrl,
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

/** What a request costs against a tokens-per-minute budget: about its prompt, plus max_tokens. */
export function requestTokens(request: CompletionRequest): number {
  const characters = request.messages.reduce((sum, message) => {
    if (typeof message.content === 'string') return sum + message.content.length;
    return (
      sum +
      message.content.reduce(
        (partSum, part) => partSum + (part.type === 'text' ? part.text.length : 3_000),
        0,
      )
    );
  }, 0);
  return Math.ceil(characters / 4) + request.maxOutputTokens;
}
