import type { RateLimitInfo } from '../rate-limit-headers';
import type { Grants } from './budget';
import {
  initialState,
  observeHeaders,
  onAccepted,
  onAnswered,
  onRefused,
  type Ask,
  type LimiterSettings,
} from './limiter-state';
import {
  createMemoryLimiterStore,
  type LimiterStore,
  type PlaceNews,
  type StoreChange,
  type StoreView,
} from './limiter-store';

/** How a call that held a place ended. */
export type CallOutcome =
  | { kind: 'answered'; info: RateLimitInfo; outputTokens: number; durationMs: number }
  | { kind: 'refused'; info: RateLimitInfo; waitMs: number }
  | { kind: 'failed'; info: RateLimitInfo };

/** A place for one call; given back once, with how the call ended. */
export type Permit = { release(outcome: CallOutcome): Promise<void> };

export type LimiterUpdate = <T>(
  change: (view: StoreView) => StoreChange<T>,
  news?: PlaceNews,
) => Promise<{ result: T; store: LimiterStore }>;

/**
 * Changes to one endpoint's state through its store, or through this process's memory while a
 * shared store fails (logged at most once a minute): a database outage slows nobody down.
 */
export function limiterUpdates(options: {
  key: string;
  store: LimiterStore;
  logger?: { warn(obj: object, msg: string): void } | undefined;
}): LimiterUpdate {
  const fallback = createMemoryLimiterStore();
  let lastWarning = 0;
  return async (change, news) => {
    try {
      return {
        result: await options.store.update(options.key, change, news),
        store: options.store,
      };
    } catch (error) {
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        options.logger?.warn(
          { err: error },
          'the shared model limiter failed: this process paces alone',
        );
      }
      return { result: await fallback.update(options.key, change, news), store: fallback };
    }
  };
}

/**
 * A granted place. A call still running `acceptMs` after it went out counts as taken by the
 * provider (refusals come back at once); its release tells the limiter how it ended.
 */
export function createPermit(options: {
  id: string;
  ask: Ask;
  /** The grants counted up to and with this call (for the budgets its answer tells of). */
  at: Grants;
  update: LimiterUpdate;
  settings: LimiterSettings;
  acceptMs: number;
  /** Something changed: calls waiting may go now. */
  onChange: () => void;
  onRelease: () => void;
}): Permit {
  const { id, ask, at, update, settings } = options;
  const grantedAt = Date.now();
  let isAccepted = false;
  let isReleased = false;
  const accept = () => {
    if (isAccepted || isReleased) return;
    isAccepted = true;
    void update(
      (view) => ({
        state: onAccepted(view.state ?? initialState(settings), view.inFlight, settings, view.now),
        result: null,
      }),
      { accept: [id] },
    ).then(options.onChange);
  };
  const acceptTimer = setTimeout(accept, options.acceptMs);
  return {
    async release(outcome) {
      if (isReleased) return;
      isReleased = true;
      clearTimeout(acceptTimer);
      options.onRelease();
      await update(
        (view) => {
          let state = observeHeaders(view.state ?? initialState(settings), outcome.info, {
            grantedAt,
            at,
            heardAt: view.now,
          });
          const { live, accepted } = view.inFlight;
          if (outcome.kind === 'answered') {
            if (!isAccepted) {
              const withThis = { live: live + 1, accepted: accepted + 1 };
              state = onAccepted(state, withThis, settings, view.now);
            }
            state = onAnswered(state, outcome);
          }
          if (outcome.kind === 'refused') {
            const refusal = { info: outcome.info, tokens: ask.tokens, waitMs: outcome.waitMs };
            state = onRefused(state, view.inFlight, refusal, view.now);
          }
          return { state, result: null };
        },
        { give: [id] },
      );
      options.onChange();
    },
  };
}
