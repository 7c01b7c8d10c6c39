import { describe, expect, it } from 'vitest';
import { createPixelArbiter } from './pixel-arbiter';

const settled = async <T>(promise: Promise<T>) => {
  let value: T | 'pending' = 'pending';
  void promise.then((result) => (value = result));
  await new Promise((resolve) => setImmediate(resolve));
  return value;
};

describe('createPixelArbiter', () => {
  it('grants at once what fits, and makes the rest wait in order of arrival', async () => {
    const arbiter = createPixelArbiter({ processBytes: 100, readBytes: 80 });
    expect(await arbiter.request(1, 60)).toBe(true);
    const second = arbiter.request(2, 50);
    const third = arbiter.request(3, 10);
    expect(await settled(second)).toBe('pending');
    // The third would fit, but waits its turn, so a large read is never starved.
    expect(await settled(third)).toBe('pending');
    arbiter.release(1, 60);
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(true);
    expect(arbiter.usedBytes()).toBe(60);
  });

  it('refuses at once what one read could never hold', async () => {
    const arbiter = createPixelArbiter({ processBytes: 100, readBytes: 80 });
    expect(await arbiter.request(1, 81)).toBe(false);
    expect(await arbiter.request(2, 50)).toBe(true);
    expect(await arbiter.request(2, 40)).toBe(false);
    expect(arbiter.usedBytes()).toBe(50);
  });

  it('gives back what a read held when it ends, and refuses what it still waited for', async () => {
    const arbiter = createPixelArbiter({ processBytes: 100, readBytes: 100 });
    expect(await arbiter.request(1, 70)).toBe(true);
    const waiting = arbiter.request(2, 50);
    const stopped = arbiter.request(3, 60);
    arbiter.endRead(3);
    expect(await stopped).toBe(false);
    arbiter.endRead(1);
    expect(await waiting).toBe(true);
    expect(arbiter.usedBytes()).toBe(50);
  });

  it('serves a read that already holds pixels first, so two reads never wait for each other', async () => {
    const arbiter = createPixelArbiter({ processBytes: 100, readBytes: 100 });
    expect(await arbiter.request(1, 40)).toBe(true);
    const other = arbiter.request(2, 70);
    const more = arbiter.request(1, 30);
    expect(await settled(more)).toBe(true);
    arbiter.endRead(1);
    expect(await other).toBe(true);
  });
});
