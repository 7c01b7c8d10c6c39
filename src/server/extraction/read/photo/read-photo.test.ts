import { describe, expect, it } from 'vitest';
import { drawTextBlock, grayOf, rotated } from '../../../../../tests/fixtures/photo-fixtures';
import type { PixelBudget } from '../pixel-budget';
import type { OcrEngine, OcrResult } from '../types';
import { cleanUpCost } from './clean-up';
import { toPgm } from './gray-image';

import { KEPT_STEPS, readPhoto } from './read-photo';

/** An engine that answers with one word at a fixed place, and keeps what it was given. */
function recordingEngine(confidence: number) {
  const seen: Uint8Array[] = [];
  const word = { text: 'TOTAL', x0: 10, y0: 20, x1: 60, y1: 35, baseline: 35, lineHeight: 15 };
  const engine: OcrEngine = {
    recognize(image) {
      seen.push(image);
      const result: OcrResult = { text: 'TOTAL', confidence, words: [{ ...word, confidence }] };
      return Promise.resolve(result);
    },
  };
  return { engine, seen };
}

describe('readPhoto', () => {
  const gray = grayOf(rotated(drawTextBlock(), 90));

  it('reserves what the clean-up holds and gives it back', async () => {
    const asked: number[] = [];
    let released = 0;
    const pixels: PixelBudget = {
      reserve: (bytes) => {
        asked.push(bytes);
        return Promise.resolve({ release: () => (released += 1) });
      },
    };
    const { engine } = recordingEngine(90);
    await readPhoto({ ocr: engine, gray, pixels });
    expect(asked).toEqual([cleanUpCost(gray.width, gray.height, KEPT_STEPS)]);
    expect(released).toBe(1);
  });

  it('reads the image as it is when the server cannot spare the memory to clean it up', async () => {
    const pixels: PixelBudget = {
      reserve: () => Promise.resolve({ isRefused: true, limitBytes: 1 }),
    };
    const { engine, seen } = recordingEngine(90);
    const reading = await readPhoto({ ocr: engine, gray, pixels });
    expect(seen).toEqual([toPgm(gray)]);
    expect(reading.boxes).toEqual([{ x0: 10, y0: 20, x1: 60, y1: 35 }]);
  });

  it('reads a poorly read photo each way round, keeping word confidences', async () => {
    const { engine, seen } = recordingEngine(30);
    const reading = await readPhoto({ ocr: engine, gray });
    // As cleaned, evened out, upside down, turned the other quarter, and that upside down.
    expect(seen).toHaveLength(5);
    expect(reading.words[0]?.confidence).toBe(30);
    // The sideways photo was turned a quarter: a word's box on it stands upright.
    const box = reading.boxes[0]!;
    expect(box.y1 - box.y0).toBeGreaterThan(box.x1 - box.x0);
  });

  it('stops before reading when the signal is aborted', async () => {
    const { engine, seen } = recordingEngine(90);
    const reason = new Error('cancelled');
    await expect(readPhoto({ ocr: engine, gray, signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    expect(seen).toHaveLength(0);
  });
});
