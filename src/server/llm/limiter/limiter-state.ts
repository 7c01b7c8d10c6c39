import type { RateLimitInfo } from '../rate-limit-headers';
import { availableAt, observeBudget, type Budget, type Grants } from './budget';

/**
 * The state of one model endpoint's limiter: how many calls may be out at once, what the
 * provider was seen to take, when it asked for a pause, and its budgets. Pure data, so that
 * every worker of a deployment can share it through the database
 * (docs/decisions/027-speed-and-provider-limits.md).
 */
export type LimiterState = {
  /** Calls allowed at once. */
  window: number;
  /** Calls the provider took at once when it last refused one more; null until it refuses. */
  threshold: number | null;
  /** Probes above the threshold refused in a row: each halves how fast the window grows. */
  failedProbes: number;
  /** No call goes out before this (epoch ms): a spent budget, or a provider that refuses all. */
  pausedUntil: number;
  /** The last time a call waited for a free place (epoch ms): the window is wanted. */
  demandAt: number;
  granted: Grants;
  requests: Budget | null;
  tokens: Budget | null;
  /** Output tokens a second of one call, learned from answers (for estimates); null at first. */
  tokensPerSecond: number | null;
};

export type LimiterSettings = {
  /** Calls at once to start with (MODEL_CONCURRENCY). */
  initial: number;
  /** The most calls at once the window may grow to (MODEL_MAX_CONCURRENCY). */
  max: number;
};

/** The calls out now: all of them, and those the provider has taken (accepted). */
export type InFlight = { live: number; accepted: number };

/** One call asking for a place: its token cost, and whether it was refused before. */
export type Ask = { tokens: number; isRetry: boolean };

export type Blocked = { kind: 'busy' } | { kind: 'rate'; until: number };

/** A window that was wanted within this long still grows. */
const DEMAND_MS = 2_000;

export function initialState(settings: LimiterSettings): LimiterState {
  return {
    window: Math.min(settings.initial, settings.max),
    threshold: null,
    failedProbes: 0,
    pausedUntil: 0,
    demandAt: 0,
    granted: { calls: 0, tokens: 0 },
    requests: null,
    tokens: null,
    tokensPerSecond: null,
  };
}

/** When the budgets allow this ask (epoch ms): `now` when they already do. */
function budgetsAllowAt(state: LimiterState, ask: Ask, now: number): number {
  const requests = state.requests
    ? availableAt(state.requests, 'requests', state.granted, 1, now)
    : now;
  const tokens = state.tokens
    ? availableAt(state.tokens, 'tokens', state.granted, ask.tokens, now)
    : now;
  return Math.max(requests, tokens, state.pausedUntil);
}

/** How many calls may be out for this ask: a call refused before never probes above the threshold. */
function placesFor(state: LimiterState, ask: Ask): number {
  const window = Math.floor(state.window);
  return ask.isRetry && state.threshold !== null ? Math.min(window, state.threshold) : window;
}

/**
 * Gives places to the asks, in order, while the provider's pause, its budgets and the window
 * allow. A call refused before waits for a place below the threshold and lets fresh calls by.
 */
export function grantAsks(
  state: LimiterState,
  inFlight: InFlight,
  asks: Ask[],
  now: number,
): { state: LimiterState; granted: { index: number; at: Grants }[]; blocked: Blocked | null } {
  let { live } = inFlight;
  let granted = state.granted;
  const places: { index: number; at: Grants }[] = [];
  let blocked: Blocked | null = null;
  for (const [index, ask] of asks.entries()) {
    const allowedAt = budgetsAllowAt({ ...state, granted }, ask, now);
    if (allowedAt > now) {
      blocked = { kind: 'rate', until: allowedAt };
      break;
    }
    if (live >= placesFor(state, ask)) {
      blocked = { kind: 'busy' };
      if (ask.isRetry) continue;
      break;
    }
    live += 1;
    granted = { calls: granted.calls + 1, tokens: granted.tokens + ask.tokens };
    places.push({ index, at: granted });
  }
  const demandAt = blocked?.kind === 'busy' ? now : state.demandAt;
  return { state: { ...state, granted, demandAt }, granted: places, blocked };
}

/**
 * A call the provider has taken (answered, or still running a moment after it went out): the
 * window grows while it is used. Until the first refusal it doubles (to twice the calls taken);
 * after, it grows by one every window's worth of calls, more slowly after each refused probe.
 */
export function onAccepted(
  state: LimiterState,
  inFlight: InFlight,
  settings: LimiterSettings,
  now: number,
): LimiterState {
  const threshold =
    state.threshold !== null && inFlight.accepted > state.threshold
      ? inFlight.accepted
      : state.threshold;
  const failedProbes = threshold !== state.threshold ? 0 : state.failedProbes;
  const isWanted = inFlight.live >= Math.floor(state.window) || now - state.demandAt < DEMAND_MS;
  if (!isWanted) return { ...state, threshold, failedProbes };
  const grown =
    threshold === null
      ? Math.max(state.window + 1, 2 * inFlight.accepted)
      : state.window + 1 / state.window / 2 ** failedProbes;
  return { ...state, threshold, failedProbes, window: Math.min(settings.max, grown) };
}

/** The budgets as an answer's headers tell them, for the call granted at `call`. */
export function observeHeaders(
  state: LimiterState,
  info: RateLimitInfo,
  call: { grantedAt: number; at: Grants; heardAt: number },
): LimiterState {
  return {
    ...state,
    requests: observeBudget(state.requests, info.requests, call),
    tokens: observeBudget(state.tokens, info.tokens, call),
  };
}

/** Whether a refusal says a budget is spent (rather than too many calls at once). */
function isBudgetSpent(info: RateLimitInfo, tokens: number): boolean {
  return (
    (info.requests !== null && info.requests.remaining < 1) ||
    (info.tokens !== null && info.tokens.remaining < tokens)
  );
}

/**
 * A call refused for the provider's limits (429) or because it is overloaded (503). A spent
 * budget, or a refusal with nothing else out, pauses every call for as long as the provider
 * asks; otherwise the window comes down to the calls the provider has taken.
 */
export function onRefused(
  state: LimiterState,
  inFlight: InFlight,
  refusal: { info: RateLimitInfo; tokens: number; waitMs: number },
  now: number,
): LimiterState {
  const { info, tokens, waitMs } = refusal;
  if (isBudgetSpent(info, tokens) || inFlight.live === 0) {
    return { ...state, pausedUntil: Math.max(state.pausedUntil, now + waitMs) };
  }
  const threshold = Math.max(1, inFlight.accepted);
  const isProbe = state.threshold !== null && threshold >= state.threshold;
  return {
    ...state,
    threshold,
    window: threshold,
    failedProbes: isProbe ? state.failedProbes + 1 : state.failedProbes,
  };
}

/** An answer: learns how fast the model writes (for estimates of the time left). */
export function onAnswered(
  state: LimiterState,
  answer: { outputTokens: number; durationMs: number },
): LimiterState {
  if (answer.outputTokens < 50 || answer.durationMs <= 0) return state;
  const speed = answer.outputTokens / (answer.durationMs / 1000);
  const tokensPerSecond =
    state.tokensPerSecond === null ? speed : 0.7 * state.tokensPerSecond + 0.3 * speed;
  return { ...state, tokensPerSecond };
}
