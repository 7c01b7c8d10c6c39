import { describe, expect, it } from 'vitest';
import { createEventFrameCache } from './event-frame-cache';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('createEventFrameCache', () => {
  it('keeps frames until they no longer fit, dropping the least recently used first', () => {
    const cache = createEventFrameCache(10);
    cache.set('1', bytes(5, 1));
    cache.set('2', bytes(5, 2));
    expect(cache.get('1')).toEqual(bytes(5, 1));
    cache.set('3', bytes(5, 3));
    expect(cache.get('2')).toBeUndefined();
    expect(cache.get('1')).toEqual(bytes(5, 1));
    expect(cache.get('3')).toEqual(bytes(5, 3));
  });

  it('does not keep a frame larger than the whole cache', () => {
    const cache = createEventFrameCache(4);
    cache.set('1', bytes(5, 1));
    expect(cache.get('1')).toBeUndefined();
  });
});
