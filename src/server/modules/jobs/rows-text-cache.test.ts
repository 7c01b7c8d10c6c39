import { describe, expect, it } from 'vitest';
import { createRowsTextCache } from './rows-text-cache';

describe('createRowsTextCache', () => {
  it('keeps rows until they no longer fit, dropping the least recently used first', () => {
    const cache = createRowsTextCache(20); // ten characters
    cache.set('a', '[1,2]');
    cache.set('b', '[3,4]');
    expect(cache.get('a')).toBe('[1,2]');
    cache.set('c', '[5,6]');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('[1,2]');
    expect(cache.get('c')).toBe('[5,6]');
  });

  it('does not keep rows larger than the whole cache', () => {
    const cache = createRowsTextCache(4);
    cache.set('a', '[1,2,3]');
    expect(cache.get('a')).toBeUndefined();
  });
});
