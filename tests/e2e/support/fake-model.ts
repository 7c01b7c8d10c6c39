import { startFakeOpenAi } from '../../support/fake-openai-server';
import { textOf } from '../../support/fake-openai/types';
import { E2E_MODEL_KEY, E2E_MODEL_PORT, SLOW_MODEL_MARKER } from './server';

/**
 * The model the browser tests' server talks to: the fake OpenAI-compatible server on a fixed
 * port, answering at a realistic pace. A document containing SLOW_MODEL_MARKER is answered after
 * a long wait, so a test can watch the progress and cancel.
 */
const fake = await startFakeOpenAi({
  port: E2E_MODEL_PORT,
  apiKey: E2E_MODEL_KEY,
  behavior: { speed: { firstTokenMs: 200, tokensPerSecond: 4000 } },
  behaviorFor: (request) =>
    request.messages.some((message) => textOf(message).includes(SLOW_MODEL_MARKER))
      ? { delayMs: 20_000 }
      : undefined,
});
console.log(`fake model listening on ${fake.baseUrl}`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
