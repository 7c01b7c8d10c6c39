import { describe, expect, it } from 'vitest';
import { nextRunWords } from './schedule-words';

const NOW = Date.parse('2026-03-12T14:05:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('nextRunWords', () => {
  it('says the first run starts now right after Save, not a time that is already here', () => {
    const saved = { next_run_at: at(0), last_run_at: null, is_running: false };
    expect(nextRunWords(saved, NOW)).toBe('; first run starting now');
    // A server clock a little ahead of the browser's still reads as now.
    expect(nextRunWords({ ...saved, next_run_at: at(0.5) }, NOW)).toBe('; first run starting now');
    const resumed = { next_run_at: at(0), last_run_at: at(-120), is_running: false };
    expect(nextRunWords(resumed, NOW)).toBe('; next run starting now');
  });

  it('says a run is under way while its job goes on, and when the next one is', () => {
    const running = { next_run_at: at(60), last_run_at: at(0), is_running: true };
    expect(nextRunWords(running, NOW, 'en-GB')).toMatch(
      /^; a run is under way, the next one 12 Mar 2026, \d\d:\d\d$/,
    );
    expect(nextRunWords({ ...running, is_running: false }, NOW, 'en-GB')).toMatch(
      /^; next run 12 Mar 2026, \d\d:\d\d$/,
    );
    expect(nextRunWords({ ...running, next_run_at: null }, NOW)).toBe('');
  });
});
