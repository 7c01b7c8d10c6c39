import type { FakeReply } from './reply';
import type { FakeChatRequest } from './types';

/** One request that reached the fake model, and what it got. */
export type FakeCall = {
  /** The messages as JSON: the same call tried again has the same key. */
  key: string;
  at: number;
  status: number;
  /** Why it was refused for the provider's limits, when it was. */
  refusal?: 'concurrency' | 'requests' | 'tokens';
  /** When its answer was sent (admitted calls). */
  answeredAt?: number;
  /** How long the answer was held back: the model's speed plus any behaviour delay. */
  delayMs: number;
  completionTokens: number;
};

function completionTokensOf(reply: FakeReply): number {
  const body = reply.body as { usage?: { completion_tokens?: number } } | null;
  return body?.usage?.completion_tokens ?? 0;
}

/** The calls a fake server saw, with the refusal streaks and the peak concurrency they show. */
export function createCallLog() {
  const calls: FakeCall[] = [];
  const streaks = new Map<string, number>();
  let longest = 0;
  let answering = 0;
  let peak = 0;
  const keyOf = (request: FakeChatRequest) => JSON.stringify(request.messages);
  return {
    calls,
    refused(request: FakeChatRequest, refusal: NonNullable<FakeCall['refusal']>) {
      const key = keyOf(request);
      const streak = (streaks.get(key) ?? 0) + 1;
      streaks.set(key, streak);
      longest = Math.max(longest, streak);
      calls.push({ key, at: Date.now(), status: 429, refusal, delayMs: 0, completionTokens: 0 });
    },
    /** An admitted call, answered after its delay. */
    answered(request: FakeChatRequest, reply: FakeReply): FakeCall {
      const key = keyOf(request);
      streaks.delete(key);
      answering += 1;
      peak = Math.max(peak, answering);
      const call: FakeCall = {
        key,
        at: Date.now(),
        status: reply.status,
        delayMs: reply.delayMs,
        completionTokens: completionTokensOf(reply),
      };
      calls.push(call);
      setTimeout(() => (answering -= 1), reply.delayMs);
      return call;
    },
    longestRefusalStreak: () => longest,
    peakConcurrency: () => peak,
  };
}
