import { describe, expect, it } from 'vitest';
import { decodeCost } from './image-convert';

const MB = 1024 * 1024;

describe('decodeCost', () => {
  it('counts the decoded pixels and three canvases of the size kept', () => {
    // 6000×6000 decoded (144,000,000 bytes), kept at 2048×2048.
    expect(decodeCost({ width: 6000, height: 6000 }, 'image/png', 2048)).toBe(
      144_000_000 + 3 * 2048 * 2048 * 4,
    );
    expect(decodeCost({ width: 6000, height: 6000 }, 'image/png', 2048) / MB).toBeCloseTo(185.3, 1);
  });

  it('keeps a small image at its own size', () => {
    expect(decodeCost({ width: 1000, height: 500 }, 'image/jpeg', 2048)).toBe(4 * 1000 * 500 * 4);
  });

  it('counts a TIFF three times over: its raw samples, their RGBA copy and the canvas', () => {
    expect(decodeCost({ width: 1000, height: 500 }, 'image/tiff', 2048)).toBe(6 * 1000 * 500 * 4);
  });
});
