import { describe, expect, it } from 'vitest';
import { createJsonShapeCheck } from './json-shape';

const limits = { maxValues: 10, maxDepth: 3 };

/** Feeds `text` in chunks of `size` bytes; answers the refusal's code, or 'ok'. */
function check(text: string, size = 3): string {
  const push = createJsonShapeCheck(limits);
  const bytes = Buffer.from(text);
  try {
    for (let at = 0; at < bytes.length; at += size) push(bytes.subarray(at, at + size));
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('createJsonShapeCheck', () => {
  it('counts values and depth outside strings only, across chunk edges', () => {
    expect(check('{"a":1,"b":[1,2,3]}')).toBe('ok');
    expect(check('[1,2,3,4,5,6,7,8,9,10,11]')).toBe('JSON_TOO_COMPLEX');
    expect(check('[[[1]]]')).toBe('ok');
    expect(check('[[[[1]]]]')).toBe('JSON_TOO_COMPLEX');
    // Brackets, commas and escaped quotes inside strings are text.
    const text = JSON.stringify({ t: '[[[[,,,,:::: \\" "quoted" \\\\' });
    for (const size of [1, 2, 3, 7, 1000]) expect(check(text, size)).toBe('ok');
    expect(check(JSON.stringify(['\\', '[[[[[', ',,,,,,,,,,,,']), 1)).toBe('ok');
  });

  // Each search for a quote starting again from every backslash made this take minutes.
  it('reads a megabyte of escapes in linear time', () => {
    const text = JSON.stringify({ t: '\u0001"\\'.repeat(100_000) });
    const startedAt = performance.now();
    expect(check(text, 64 * 1024)).toBe('ok');
    expect(performance.now() - startedAt).toBeLessThan(1000);
  });
});
