import type { RunState } from '../hooks/use-extraction-run';

function announcement(state: RunState): string {
  switch (state.phase) {
    case 'running':
      return state.progress.stage ?? 'Starting the extraction…';
    case 'done': {
      const rows = state.result.rows.length;
      if (state.result.status === 207)
        return 'Finished: the extraction was only partly successful.';
      if (state.result.status !== 200)
        return 'Finished: the extraction failed; showing fallback data.';
      return `Finished: ${rows} row${rows === 1 ? '' : 's'} extracted.`;
    }
    case 'cancelled':
      return 'Extraction cancelled. Your content and columns are still here.';
    default:
      return '';
  }
}

/**
 * The run's stage, announced politely as it changes (the rotating waiting messages are not), and
 * what became of it. Always mounted, so screen readers hear every change.
 */
export function RunStatus({ state }: { state: RunState }) {
  const text = announcement(state);
  return (
    <p role="status" aria-live="polite" className={text ? 'text-sm font-medium' : 'sr-only'}>
      {text}
    </p>
  );
}
