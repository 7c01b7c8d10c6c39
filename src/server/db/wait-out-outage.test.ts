import { describe, expect, it } from 'vitest';
import { waitOutOutage } from './wait-out-outage';

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

/** A write that fails `failures` times with `error`, then answers 'written'. */
function failingWrite(failures: number, error: () => Error = refused) {
  let calls = 0;
  const write = () => {
    calls += 1;
    return calls <= failures ? Promise.reject(error()) : Promise.resolve('written');
  };
  return { write, calls: () => calls };
}

describe('waiting out a database outage', () => {
  it('writes once the database is back', async () => {
    const { write, calls } = failingWrite(2);
    const retries: number[] = [];
    const written = await waitOutOutage(write, {
      giveUpAfterMs: 10_000,
      onRetry: (_error, waitMs) => retries.push(waitMs),
    });
    expect(written).toBe('written');
    expect(calls()).toBe(3);
    expect(retries).toEqual([250, 500]);
  });

  it('does not retry an error of the query itself', async () => {
    const { write, calls } = failingWrite(1, () =>
      Object.assign(new Error('syntax error'), { code: '42601' }),
    );
    await expect(waitOutOutage(write, { giveUpAfterMs: 10_000 })).rejects.toThrow('syntax error');
    expect(calls()).toBe(1);
  });

  it('gives up after its time, or when told to stop', async () => {
    const late = failingWrite(100);
    await expect(waitOutOutage(late.write, { giveUpAfterMs: 600 })).rejects.toThrow('ECONNREFUSED');
    expect(late.calls()).toBe(2);
    const stopped = failingWrite(100);
    await expect(
      waitOutOutage(stopped.write, { giveUpAfterMs: 10_000, shouldStop: () => true }),
    ).rejects.toThrow('ECONNREFUSED');
    expect(stopped.calls()).toBe(1);
  });
});
