import type { RunProgress } from './run-progress';
import { streamedRows } from './run-progress';

/** 45 s, 2 min 5 s. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/**
 * What a long run shows under its stage: the parts and rows done, the time taken and the time
 * left as the server last estimated it (counted down since), and a wait for the model provider.
 */
export function progressLines(
  progress: RunProgress,
  clock: { startedAt: number; now: number },
): { counts: string | null; time: string; waiting: string | null } {
  const { now } = clock;
  const rows = streamedRows(progress).length;
  const counts = [
    progress.page ? `Page ${progress.page.page} of ${progress.page.pages}` : null,
    progress.chunkCount > 0
      ? `Part ${progress.chunksFinished} of ${progress.chunkCount} done`
      : null,
    progress.chunkCount > 0 ? `${rows} row${rows === 1 ? '' : 's'} so far` : null,
  ].filter(Boolean);
  const elapsed = `${formatSeconds((now - clock.startedAt) / 1000)} elapsed`;
  const left = progress.estimate
    ? Math.max(0, progress.estimate.seconds - (now - progress.estimate.at) / 1000)
    : null;
  const isDone = progress.chunkCount > 0 && progress.chunksFinished >= progress.chunkCount;
  // While calls wait for the provider the server's estimate does not hold: it would count down to
  // "almost done" under "the next call goes out in 30 s". The wait is said instead.
  const isWaiting = progress.waitingUntil !== null;
  const estimate =
    left === null || isDone || isWaiting
      ? null
      : left < 1
        ? 'almost done'
        : `about ${formatSeconds(left)} left`;
  const waiting =
    progress.waitingUntil === null
      ? null
      : progress.waitingUntil > now + 1_000
        ? `Waiting for the model provider: the next call goes out in ${formatSeconds((progress.waitingUntil - now) / 1000)}`
        : 'Waiting for the model provider';
  return {
    counts: counts.length > 0 ? counts.join(' · ') : null,
    time: [elapsed, estimate].filter(Boolean).join(' · '),
    waiting,
  };
}
