import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/jobs';
import { nextRunWords, runNowWords } from './schedule-words';

const NOW = Date.parse('2026-03-12T14:05:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('nextRunWords', () => {
  it('says a run whose time has come starts now, not a time that is already here', () => {
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

describe('runNowWords', () => {
  const job = (status: Job['status'], message: string | null) =>
    ({ status, documents: [{ message }] }) as Job;

  it('says the run started, and where its rows will show', () => {
    expect(runNowWords({ job: job('queued', null) })).toBe(
      'Run started: the page is being read now. Its new rows show here when the run ends.',
    );
  });

  it('says why a run could not start, in the job’s words', () => {
    const message = 'You have no credits remaining. Upgrade your plan to run more extractions.';
    expect(runNowWords({ job: job('failed', message) })).toBe(
      `The run could not start: ${message}`,
    );
  });
});
