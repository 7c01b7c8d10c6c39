import type { ExtractionProgress } from '../../../shared/extraction';
import type { WaitNews } from '../../llm/paced-call';

/**
 * A run's waits for the model provider, from its parts' calls, as progress: `waiting` (with the
 * soonest moment a call goes out again) when the first call starts waiting or that moment moves,
 * `resumed` when none waits any more.
 */
export function providerWaits(emit: (event: ExtractionProgress) => void) {
  const waiting = new Map<number, number>();
  let shownUntil: number | null = null;
  return (part: number, news: WaitNews) => {
    if (news.isWaiting) waiting.set(part, news.until);
    else waiting.delete(part);
    if (waiting.size === 0) {
      if (shownUntil !== null) emit({ type: 'resumed' });
      shownUntil = null;
      return;
    }
    const until = Math.max(Date.now(), Math.min(...waiting.values()));
    if (shownUntil !== null && Math.abs(until - shownUntil) < 1_000) return;
    shownUntil = until;
    emit({ type: 'waiting', retryAt: new Date(until).toISOString() });
  };
}
