import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { invalidRequest, sendError, sendJson } from './fake-openai/protocol';
import { replyTo } from './fake-openai/reply';
import type { PlantedError } from './fake-openai/planted-errors';
import type { FakeBehavior, FakeChatRequest } from './fake-openai/types';

export type { FakeBehavior, FakeChatRequest } from './fake-openai/types';
export type { PlantedError } from './fake-openai/planted-errors';

export type FakeOpenAi = {
  /** The base URL a client is configured with; ends with /v1. */
  baseUrl: string;
  /** Every parsed chat-completions request body, in arrival order (rejected ones included). */
  requests: FakeChatRequest[];
  /** The headers of those requests, in the same order. */
  headers: IncomingHttpHeaders[];
  /** Every wrong value planted so far (FakeBehavior.plant), once each. */
  planted: PlantedError[];
  /** The standing behaviour for every request. */
  setBehavior(behavior: FakeBehavior): void;
  /** One-shot behaviours, used in order (each `times` requests) over the standing one. */
  enqueue(...behaviors: FakeBehavior[]): void;
  close(): Promise<void>;
};

export type FakeOpenAiOptions = {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (else 401, as OpenAI). */
  apiKey?: string;
  behavior?: FakeBehavior;
  /** A behaviour chosen from the request itself, over the standing one (for a shared server). */
  behaviorFor?: (request: FakeChatRequest) => FakeBehavior | undefined;
  /** The port to listen on; a random free one by default. */
  port?: number;
};

const CHAT_PATH = '/v1/chat/completions';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as OpenAI validates it: JSON, with a model and a messages array. */
function parseRequest(text: string): FakeChatRequest | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)";
  }
  if (!isRecord(body)) return 'Invalid request body: expected an object.';
  if (typeof body.model !== 'string') return 'you must provide a model parameter';
  if (!Array.isArray(body.messages)) return "Missing required parameter: 'messages'.";
  return body as FakeChatRequest;
}

/**
 * A local OpenAI-compatible chat-completions server for tests (non-streaming), on 127.0.0.1 and
 * a random port. Its default "model" reads the tables and `Key: value` lines of the prompt's
 * <document>; behaviours make it reject modes, fail, cut answers off, or answer slowly.
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: FakeChatRequest[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const queue: { behavior: FakeBehavior; left: number }[] = [];
  const planted: PlantedError[] = [];
  const plantedKeys = new Set<string>();
  let standing: FakeBehavior = options.behavior ?? {};

  const nextBehavior = (): FakeBehavior => {
    const head = queue[0];
    if (!head) return standing;
    head.left -= 1;
    if (head.left <= 0) queue.shift();
    return { ...standing, ...head.behavior };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'POST' || path !== CHAT_PATH) {
      sendError(
        response,
        404,
        invalidRequest(`Invalid URL (${request.method ?? ''} ${path ?? ''})`),
      );
      return;
    }
    const auth = request.headers.authorization;
    if (options.apiKey !== undefined && auth !== `Bearer ${options.apiKey}`) {
      const given = auth?.replace(/^Bearer\s+/i, '').slice(0, 6) ?? '';
      sendError(response, 401, {
        message: `Incorrect API key provided: ${given}****. You can find your API key at https://platform.openai.com/account/api-keys.`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      });
      return;
    }
    const parsed = parseRequest(await readBody(request));
    if (typeof parsed === 'string') {
      sendError(response, 400, invalidRequest(parsed));
      return;
    }
    requests.push(parsed);
    headers.push(request.headers);
    const reply = replyTo(parsed, { ...nextBehavior(), ...options.behaviorFor?.(parsed) });
    for (const error of reply.planted ?? []) {
      const key = JSON.stringify([error.row, error.column]);
      if (plantedKeys.has(key)) continue;
      plantedKeys.add(key);
      planted.push(error);
    }
    const timer = setTimeout(
      () => sendJson(response, reply.status, reply.body, reply.headers),
      reply.delayMs,
    );
    response.on('close', () => clearTimeout(timer));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        sendError(response, 500, {
          message: String(error),
          type: 'server_error',
          param: null,
          code: null,
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    planted,
    setBehavior(behavior) {
      standing = behavior;
    },
    enqueue(...behaviors) {
      queue.push(...behaviors.map((behavior) => ({ behavior, left: behavior.times ?? 1 })));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
