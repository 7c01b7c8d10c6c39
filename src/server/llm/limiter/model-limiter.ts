import { randomUUID } from 'node:crypto';
import type { Grants } from './budget';
import { createPermit, limiterUpdates, type Permit } from './limiter-permit';
import {
  grantAsks,
  initialState,
  type Ask,
  type LimiterSettings,
  type LimiterState,
} from './limiter-state';
import type { LimiterStore, StoreView } from './limiter-store';

export type { CallOutcome, Permit } from './limiter-permit';

export type AcquireRequest = {
  /** What the call costs against a tokens-per-minute budget: its prompt and max_tokens. */
  tokens: number;
  /** A call refused before: it waits for a place the provider is known to take. */
  isRetry?: boolean;
  /** Not before this time (epoch ms): the wait a refusal asked for. */
  notBefore?: number;
  signal?: AbortSignal;
  /** Told when the call waits for the provider's pause or budgets, with until when (epoch ms). */
  onRateWait?: (until: number) => void;
};

export type LimiterSnapshot = Pick<LimiterState, 'window' | 'threshold' | 'tokensPerSecond'>;

export type ModelLimiter = {
  acquire(request: AcquireRequest): Promise<Permit>;
  snapshot(): Promise<LimiterSnapshot>;
  /** Stops renewing places (the process is stopping). */
  close(): void;
};

export type ModelLimiterOptions = {
  /** The endpoint: every call to it, from any document or job, shares one limiter. */
  key: string;
  store: LimiterStore;
  settings: LimiterSettings;
  logger?: { warn(obj: object, msg: string): void };
  /** How often a shared store is asked again while calls wait for a place. */
  pollMs?: number;
  /**
   * A call still running this long after it went out was taken by the provider (a refusal comes
   * back within a round trip). Each taken call lets the window double until the first refusal,
   * so this is also the step of the ramp from MODEL_CONCURRENCY to a full wave.
   */
  acceptMs?: number;
  renewMs?: number;
};

type Waiter = {
  seq: number;
  ask: Ask;
  notBefore: number;
  resolve(permit: Permit): void;
  reject(reason: unknown): void;
  onRateWait?: (until: number) => void;
  detach(): void;
};

const byTurn = (a: Waiter, b: Waiter) =>
  Number(b.ask.isRetry) - Number(a.ask.isRetry) || a.seq - b.seq;

/**
 * The limiter of one model endpoint in this process: calls wait here for a place, in turn, and
 * the store (this process's memory, or the database shared by every worker) decides who goes.
 */
export function createModelLimiter(options: ModelLimiterOptions): ModelLimiter {
  const { settings } = options;
  const pollMs = options.pollMs ?? 250;
  const acceptMs = options.acceptMs ?? 400;
  let waiters: Waiter[] = [];
  let seq = 0;
  let isPumping = false;
  let isAgain = false;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Number.POSITIVE_INFINITY;
  const out = new Set<string>();
  const renewal = setInterval(() => {
    if (out.size > 0) options.store.renew([...out]).catch(() => undefined);
  }, options.renewMs ?? 10_000);
  renewal.unref();

  const update = limiterUpdates(options);
  const stateOf = (view: StoreView) => view.state ?? initialState(settings);

  function schedule(at: number) {
    if (timer && at >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = null;
        timerAt = Number.POSITIVE_INFINITY;
        void pump();
      },
      Math.max(0, at - Date.now()),
    );
  }

  function permit(id: string, ask: Ask, at: Grants, store: LimiterStore): Permit {
    if (store.isShared) out.add(id);
    return createPermit({
      id,
      ask,
      at,
      update,
      settings,
      acceptMs,
      onChange: () => void pump(),
      onRelease: () => out.delete(id),
    });
  }

  async function pumpOnce() {
    const now = Date.now();
    const ready = waiters.filter((waiter) => waiter.notBefore <= now).sort(byTurn);
    let nextAt = Math.min(...waiters.filter((w) => w.notBefore > now).map((w) => w.notBefore));
    if (ready.length > 0) {
      const ids = ready.map(() => randomUUID());
      const { result: decision, store } = await update((view) => {
        const decided = grantAsks(
          stateOf(view),
          view.inFlight,
          ready.map((w) => w.ask),
          view.now,
        );
        const take = decided.granted.map(({ index }) => ({
          id: ids[index]!,
          tokens: ready[index]!.ask.tokens,
        }));
        return { state: decided.state, take, result: decided };
      });
      const handed = new Set<Waiter>();
      for (const { index, at } of decision.granted) {
        const waiter = ready[index]!;
        handed.add(waiter);
        waiter.detach();
        waiter.resolve(permit(ids[index]!, waiter.ask, at, store));
      }
      waiters = waiters.filter((waiter) => !handed.has(waiter));
      const blocked = decision.blocked;
      if (blocked?.kind === 'rate') {
        for (const waiter of ready) if (!handed.has(waiter)) waiter.onRateWait?.(blocked.until);
        nextAt = Math.min(nextAt, blocked.until);
      } else if (blocked?.kind === 'busy' && store.isShared)
        nextAt = Math.min(nextAt, Date.now() + pollMs);
    }
    if (Number.isFinite(nextAt) && waiters.length > 0) schedule(nextAt);
  }

  async function pump(): Promise<void> {
    if (isPumping) {
      isAgain = true;
      return;
    }
    isPumping = true;
    try {
      do {
        isAgain = false;
        await pumpOnce();
      } while (isAgain);
    } finally {
      isPumping = false;
    }
  }

  return {
    acquire(request) {
      return new Promise<Permit>((resolve, reject) => {
        const { signal } = request;
        signal?.throwIfAborted();
        const onAbort = () => {
          waiters = waiters.filter((waiter) => waiter !== entry);
          reject(signal?.reason as Error);
        };
        const entry: Waiter = {
          seq: (seq += 1),
          ask: { tokens: request.tokens, isRetry: request.isRetry ?? false },
          notBefore: request.notBefore ?? 0,
          resolve,
          reject,
          onRateWait: request.onRateWait,
          detach: () => signal?.removeEventListener('abort', onAbort),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(entry);
        void pump();
      });
    },
    async snapshot() {
      const { result } = await update((view) => {
        const state = stateOf(view);
        return { state, result: state };
      });
      return {
        window: result.window,
        threshold: result.threshold,
        tokensPerSecond: result.tokensPerSecond,
      };
    },
    close() {
      clearInterval(renewal);
      if (timer) clearTimeout(timer);
    },
  };
}
