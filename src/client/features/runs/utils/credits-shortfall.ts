import type { ApiError } from '../../../lib/api-client';

/** Where an account asks for more credits (the pricing page's request form). */
export const REQUEST_CREDITS_PATH = '/pricing#request-credits';

/** A run refused for too few credits: what it needs, what is left, and what was asked. */
export type CreditsShortfall = {
  needed: number;
  remaining: number;
  /** A run again on what was already read: it has no documents to remove. */
  isRerun: boolean;
};

/** A NOT_ENOUGH_CREDITS refusal as a shortfall, or null for any other answer. */
export function creditsShortfallOf(error: ApiError, isRerun: boolean): CreditsShortfall | null {
  if (error.code !== 'NOT_ENOUGH_CREDITS') return null;
  const details = error.details as { needed?: unknown; credits_remaining?: unknown } | undefined;
  const { needed, credits_remaining: remaining } = details ?? {};
  if (typeof needed !== 'number' || typeof remaining !== 'number') return null;
  return { needed, remaining, isRerun };
}

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

/**
 * The shortfall in words, around the link to more credits: only a batch being composed can
 * lose documents, so only it is told to remove some.
 */
export function shortfallWords({ needed, remaining, isRerun }: CreditsShortfall): {
  before: string;
  link: string;
  after: string;
} {
  if (isRerun)
    return {
      before: `Running this again needs ${credits(needed)}, one per document, and you have ${remaining}. `,
      link: 'Get more credits',
      after: ' to run it.',
    };
  return {
    before: `This batch has ${needed} documents but you have ${credits(remaining)} left. Remove some documents or `,
    link: 'get more credits',
    after: '.',
  };
}
