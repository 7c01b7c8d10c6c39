import { describe, expect, it } from 'vitest';

// Taken before pdf.js loads: the module is imported inside the tests for that reason.
const { push } = Array.prototype;
const { parse, stringify } = JSON;

describe('pdf.js in a reading thread', () => {
  it('leaves the engine its own push and JSON functions, and keeps what pdf.js adds', async () => {
    const { getDocument } = await import('./pdfjs');

    expect(typeof getDocument).toBe('function');
    expect(Array.prototype.push).toBe(push);
    expect(JSON.parse).toBe(parse);
    expect(JSON.stringify).toBe(stringify);
    expect('withResolvers' in Promise).toBe(true);
  });

  it('puts back a built-in function a loader replaced, even when the loader fails', async () => {
    const { keepBuiltins } = await import('./pdfjs');
    const slowPush = function (this: unknown[], ...items: unknown[]) {
      return push.apply(this, items);
    };
    const load = keepBuiltins(() => {
      Reflect.defineProperty(Array.prototype, 'push', { value: slowPush, writable: true });
      return Promise.reject(new Error('broken library'));
    });

    await expect(load).rejects.toThrow('broken library');
    expect(Array.prototype.push).toBe(push);
  });
});
