/** A chat message in the OpenAI chat-completions shape; images go as image_url parts. */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

export type ChatMessage = {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
};

export type ResponseMode = 'json_schema' | 'json_object' | 'raw';

export type CompletionRequest = {
  messages: ChatMessage[];
  /** The structured-output schema; modes that cannot use it still ask for JSON. */
  jsonSchema: { name: string; schema: Record<string, unknown> };
  maxOutputTokens: number;
  signal?: AbortSignal;
};

/** One token of an answer and its log-probability, as providers that give them report them. */
export type TokenLogprob = { token: string; logprob: number };

export type CompletionResult = {
  content: string;
  /** The answer's tokens with their log-probabilities, when the provider returns them. */
  tokens?: TokenLogprob[];
  /** 'stop', or 'length' when the answer was cut off by the output limit. */
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number };
  mode: ResponseMode;
};

/** Any OpenAI-compatible chat-completions endpoint. */
export interface ModelClient {
  readonly model: string;
  complete(request: CompletionRequest): Promise<CompletionResult>;
}
