import { describe, expect, it } from 'vitest';
import { firstRunAfterSave, nextRunAfter } from './next-run';

const at = (iso: string) => new Date(iso);

describe('nextRunAfter', () => {
  it('runs one interval after the time it was due', () => {
    expect(nextRunAfter('hourly', at('2026-03-01T10:00:00Z'), at('2026-03-01T10:00:30Z'))).toEqual(
      at('2026-03-01T11:00:00Z'),
    );
    expect(nextRunAfter('weekly', at('2026-03-01T10:00:00Z'), at('2026-03-01T10:01:00Z'))).toEqual(
      at('2026-03-08T10:00:00Z'),
    );
  });

  it('runs once after a stop, in step with its first run, never for each missed time', () => {
    expect(nextRunAfter('daily', at('2026-03-01T10:00:00Z'), at('2026-03-04T15:00:00Z'))).toEqual(
      at('2026-03-05T10:00:00Z'),
    );
  });
});

describe('firstRunAfterSave', () => {
  const now = at('2026-03-04T15:00:00Z');

  it('runs a new schedule one interval after it is set, not at once', () => {
    expect(firstRunAfterSave('weekly', null, now)).toEqual(at('2026-03-11T15:00:00Z'));
  });

  it('keeps the clock of a saved schedule: from its last run, or from when it was set', () => {
    const set = { last_run_at: null, created_at: '2026-03-04T09:00:00.000Z' };
    expect(firstRunAfterSave('daily', set, now)).toEqual(at('2026-03-05T09:00:00Z'));
    const ran = { ...set, last_run_at: '2026-03-04T14:30:00.000Z' };
    expect(firstRunAfterSave('hourly', ran, now)).toEqual(at('2026-03-04T15:30:00Z'));
    // A shorter interval whose time has passed is due at the next look, once.
    expect(
      firstRunAfterSave('hourly', { ...ran, last_run_at: '2026-03-01T10:00:00.000Z' }, now),
    ).toEqual(at('2026-03-01T11:00:00Z'));
  });
});
