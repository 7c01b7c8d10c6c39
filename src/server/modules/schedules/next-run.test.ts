import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './next-run';

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
