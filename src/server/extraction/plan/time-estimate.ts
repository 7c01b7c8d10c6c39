/** What a model writes a second before anything was learned of it (gpt-4o writes 50 to 100). */
export const DEFAULT_TOKENS_PER_SECOND = 60;
/** No answer comes back sooner than this. */
const SHORTEST_CALL_SECONDS = 1;

/** A part not done yet: its expected answer, and when its call went out (epoch ms), if it has. */
export type PartLeft = { outputTokens: number; startedAt: number | null };

/**
 * Seconds until the parts left are done: each part's answer at the model's speed (less what a
 * running part has already taken), spread over as many calls at once as the limiter allows,
 * each to the least busy of them (longest first).
 */
export function secondsLeft(
  parts: PartLeft[],
  pace: { window: number; tokensPerSecond: number | null },
  now = Date.now(),
): number {
  if (parts.length === 0) return 0;
  const speed = pace.tokensPerSecond ?? DEFAULT_TOKENS_PER_SECOND;
  const times = parts
    .map((part) => {
      const whole = Math.max(SHORTEST_CALL_SECONDS, part.outputTokens / speed);
      const taken = part.startedAt === null ? 0 : (now - part.startedAt) / 1000;
      return Math.max(SHORTEST_CALL_SECONDS / 2, whole - taken);
    })
    .sort((a, b) => b - a);
  const lanes = Array.from(
    { length: Math.max(1, Math.min(Math.floor(pace.window), times.length)) },
    () => 0,
  );
  for (const time of times) {
    let least = 0;
    for (let lane = 1; lane < lanes.length; lane++) if (lanes[lane]! < lanes[least]!) least = lane;
    lanes[least]! += time;
  }
  return Math.round(Math.max(...lanes));
}
