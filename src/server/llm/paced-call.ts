import { AppError } from '../../shared/errors';
import type { ModelLimiter, Permit } from './limiter/model-limiter';
import { isRateRefusal, rateLimitInfo, type RateLimitInfo } from './rate-limit-headers';
import type { RefusalClock } from './refusal-clock';

/** A run's calls start waiting for the provider (until when, epoch ms), or go out again. */
export type WaitNews = { isWaiting: true; until: number } | { isWaiting: false };

/** What a run gives each of its calls: its deadline for rate waits, and whom to tell of them. */
export type Pacing = { clock: RefusalClock; onWait?: (news: WaitNews) => void };

/** What one attempt answered, with what the provider said of its limits. */
export type PacedAnswer<T> = { value: T; info: RateLimitInfo; outputTokens: number };

const DEADLINE = new Error('the refusal deadline passed');

/** A wait after a refusal that gave no Retry-After: 1 s, 2 s, 4 s… up to 30 s, half of it random. */
function refusalBackoff(refusals: number): number {
  const cap = Math.min(30_000, 1_000 * 2 ** (refusals - 1));
  return Math.round(cap / 2 + (Math.random() * cap) / 2);
}

function headersOf(error: unknown): Headers | undefined {
  if (typeof error !== 'object' || error === null || !('headers' in error)) return undefined;
  return error.headers instanceof Headers ? error.headers : undefined;
}

type Waiting = { tokens: number; isRetry: boolean; notBefore: number; signal?: AbortSignal };

/**
 * Waits for a place from the limiter. While the wait is for the provider (a pause, a budget, a
 * refusal's Retry-After), the run's refusal clock runs; past its deadline the call fails with
 * MODEL_RATE_LIMITED, unless another call of the run went through meanwhile.
 */
async function place(
  limiter: ModelLimiter,
  wait: Waiting,
  pacing: Pacing,
): Promise<{ permit: Permit; hasWaited: boolean }> {
  let hasWaited = false;
  for (;;) {
    const controller = new AbortController();
    const signal = wait.signal
      ? AbortSignal.any([wait.signal, controller.signal])
      : controller.signal;
    let timer: NodeJS.Timeout | undefined;
    const onRateWait = (until: number) => {
      hasWaited = true;
      pacing.onWait?.({ isWaiting: true, until });
      void pacing.clock.waiting().then((deadline) => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(DEADLINE), Math.max(0, deadline - Date.now()));
      });
    };
    if (wait.notBefore > Date.now()) onRateWait(wait.notBefore);
    try {
      return { permit: await limiter.acquire({ ...wait, signal, onRateWait }), hasWaited };
    } catch (error) {
      if (error !== DEADLINE) throw error;
      if ((await pacing.clock.waiting()) <= Date.now())
        throw new AppError('MODEL_RATE_LIMITED', { params: { minutes: pacing.clock.minutes } });
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * One model call under the endpoint's limiter: it waits for a place, and a refusal for rate
 * reasons (429, 503) is waited out as long as the provider asks and tried again, within the
 * run's deadline, never failing the call. Other failures go back to the caller.
 */
export async function pacedCall<T>(
  options: { limiter: ModelLimiter; tokens: number; pacing: Pacing; signal?: AbortSignal },
  attempt: () => Promise<PacedAnswer<T>>,
): Promise<T> {
  const { limiter, pacing, signal } = options;
  let refusals = 0;
  let notBefore = 0;
  for (;;) {
    const wait = { tokens: options.tokens, isRetry: refusals > 0, notBefore, signal };
    const { permit, hasWaited } = await place(limiter, wait, pacing);
    if (hasWaited) pacing.onWait?.({ isWaiting: false });
    const started = Date.now();
    try {
      const answer = await attempt();
      const durationMs = Date.now() - started;
      await permit.release({
        kind: 'answered',
        info: answer.info,
        outputTokens: answer.outputTokens,
        durationMs,
      });
      pacing.clock.through();
      return answer.value;
    } catch (error) {
      const info = rateLimitInfo(headersOf(error));
      if (signal?.aborted || !isRateRefusal(error)) {
        await permit.release({ kind: 'failed', info });
        throw error;
      }
      refusals += 1;
      const waitMs = info.retryAfterMs ?? refusalBackoff(refusals);
      await permit.release({ kind: 'refused', info, waitMs });
      notBefore = Date.now() + waitMs;
    }
  }
}
