import type { BudgetHeader } from '../rate-limit-headers';

/** What was granted so far, counted from the limiter's start: calls and their tokens. */
export type Grants = { calls: number; tokens: number };

/**
 * A provider's budget (requests or tokens per minute) as its headers last said, and when: the
 * answer to the call granted at `at` (the grants counted up to and with that call).
 */
export type Budget = {
  limit: number | null;
  remaining: number;
  /** When the provider said it was full again (epoch ms). */
  fullAt: number;
  /** When the call that brought the news was granted (epoch ms): which news is newer. */
  seenAt: number;
  /**
   * When the news was heard (epoch ms): what it counts from. The provider counts from when it
   * took the call, which is after the grant (a busy process sends late) and at most the answer;
   * counting from the grant refilled the budget early, and a call refused for it went again too
   * soon and was refused again. Absent in state written before it was kept.
   */
  heardAt?: number;
  at: Grants;
};

export type BudgetName = 'requests' | 'tokens';

const usedSince = (budget: Budget, name: BudgetName, grants: Grants) =>
  name === 'requests' ? grants.calls - budget.at.calls : grants.tokens - budget.at.tokens;

/**
 * A newer account of the budget replaces the one held; an older one (the answer of a call
 * granted before the one that brought the news held) is ignored.
 */
export function observeBudget(
  held: Budget | null,
  header: BudgetHeader | null,
  call: { grantedAt: number; at: Grants; heardAt: number },
): Budget | null {
  if (!header) return held;
  if (held && (held.at.calls > call.at.calls || held.seenAt > call.grantedAt)) return held;
  return {
    limit: header.limit,
    remaining: header.remaining,
    fullAt: call.heardAt + header.resetMs,
    seenAt: call.grantedAt,
    heardAt: call.heardAt,
    at: call.at,
  };
}

const countedFrom = (budget: Budget) => budget.heardAt ?? budget.seenAt;

/**
 * How much of the budget is left now: what the provider said, less what was granted since, plus
 * what it refilled meanwhile (a bucket that fills continuously, as OpenAI's do: from `remaining`
 * to `limit` by `fullAt`); everything once it is full again.
 */
export function available(budget: Budget, name: BudgetName, grants: Grants, now: number): number {
  if (now >= budget.fullAt) return Number.POSITIVE_INFINITY;
  const refilled =
    budget.limit === null
      ? 0
      : ((budget.limit - budget.remaining) * Math.max(0, now - countedFrom(budget))) /
        Math.max(1, budget.fullAt - countedFrom(budget));
  return budget.remaining + refilled - usedSince(budget, name, grants);
}

/** When `need` will be available (epoch ms): `now` when it already is. */
export function availableAt(
  budget: Budget,
  name: BudgetName,
  grants: Grants,
  need: number,
  now: number,
): number {
  const wanted = budget.limit === null ? need : Math.min(need, budget.limit);
  const left = available(budget, name, grants, now);
  if (left >= wanted) return now;
  if (budget.limit === null || budget.limit <= budget.remaining) return budget.fullAt;
  const perMs =
    (budget.limit - budget.remaining) / Math.max(1, budget.fullAt - countedFrom(budget));
  return Math.min(budget.fullAt, Math.ceil(now + (wanted - left) / perMs));
}
