import { startFakeOpenAi } from '../../support/fake-openai-server';
import { textOf } from '../../support/fake-openai/types';
import {
  E2E_MODEL_KEY,
  E2E_MODEL_PORT,
  PLANT_ERRORS_MARKER,
  FAIL_ONCE_MARKER,
  PROVIDER_BUSY_MARKER,
  SLOW_MODEL_MARKER,
  SLOW_PARTS_MARKER,
  STEADY_MODEL_MARKER,
} from './server';

/**
 * The model the browser tests' server talks to: the fake OpenAI-compatible server on a fixed
 * port, answering at a realistic pace. A prompt containing SLOW_MODEL_MARKER is answered after
 * a long wait, so a test can watch the progress and cancel; one with STEADY_MODEL_MARKER after
 * 4 s, so a test can leave a run going and find it finished; one with SLOW_PARTS_MARKER after
 * 1.5 s, so a test can watch the parts of a long text finish one by one. One with
 * PLANT_ERRORS_MARKER gets wrong values in about one row in four, for the review journeys. The
 * first two with PROVIDER_BUSY_MARKER are refused for the provider's rate limit (3 s each). One
 * with FAIL_ONCE_MARKER is refused for a spent quota the first time its prompt is seen.
 */
let busyRefusals = 0;
const failedOnce = new Set<string>();
const fake = await startFakeOpenAi({
  port: E2E_MODEL_PORT,
  apiKey: E2E_MODEL_KEY,
  behavior: { speed: { firstTokenMs: 200, tokensPerSecond: 4000 } },
  behaviorFor: (request) => {
    const text = request.messages.map(textOf).join('\n');
    if (text.includes(SLOW_MODEL_MARKER)) return { delayMs: 20_000 };
    if (text.includes(STEADY_MODEL_MARKER)) return { delayMs: 4000 };
    if (text.includes(SLOW_PARTS_MARKER)) return { delayMs: 1500 };
    if (text.includes(PLANT_ERRORS_MARKER)) return { plant: { every: 4 } };
    if (text.includes(FAIL_ONCE_MARKER) && !failedOnce.has(text)) {
      failedOnce.add(text);
      return { status: 429, insufficientQuota: true };
    }
    if (text.includes(PROVIDER_BUSY_MARKER) && busyRefusals < 2) {
      busyRefusals += 1;
      return { status: 429, retryAfter: '3' };
    }
    return undefined;
  },
});
console.log(`fake model listening on ${fake.baseUrl}`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
