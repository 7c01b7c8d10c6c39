import { describe, expect, it } from 'vitest';
import { DATE_EXAMPLES, NUMBER_EXAMPLES } from '../../src/client/features/docs/coercion-examples';
import { REQUEST_LIMITS, SETTING_LIMITS } from '../../src/client/features/docs/limits';
import {
  REVIEW_REASONS,
  REVIEW_THRESHOLD_DEFAULT,
} from '../../src/client/features/docs/review-reasons';
import { parseEnv, type Env } from '../../src/server/env';
import { parseDate, parseNumber } from '../../src/server/extraction/coerce';
import { extractionRequestSchema } from '../../src/shared/extraction-request';
import { REVIEW_REASON_CODES } from '../../src/shared/review';

// What /docs states as fact, checked against the code it describes.

const pairs = (written: string, read: string) => {
  const inputs = written.split(' · ');
  const outputs = read.split(' · ');
  // One reading may stand for several written forms.
  return inputs.map((input, index) => [input, outputs[Math.min(index, outputs.length - 1)]!]);
};

describe('/docs facts', () => {
  it('lists each limit with the default of its setting', () => {
    const defaults = parseEnv({});
    for (const limit of SETTING_LIMITS) {
      expect(defaults[limit.setting as keyof Env], limit.setting).toBe(limit.value);
    }
  });

  it('gives the request limits the schema enforces', () => {
    const tooLong = (field: 'text' | 'description', length: number) =>
      extractionRequestSchema.safeParse({ [field]: 'x'.repeat(length) }).success;
    expect(tooLong('text', REQUEST_LIMITS.textCharacters)).toBe(true);
    expect(tooLong('text', REQUEST_LIMITS.textCharacters + 1)).toBe(false);
    expect(tooLong('description', REQUEST_LIMITS.descriptionCharacters)).toBe(true);
    expect(tooLong('description', REQUEST_LIMITS.descriptionCharacters + 1)).toBe(false);
  });

  it('explains every reason a cell can be flagged for, and no other', () => {
    expect(REVIEW_REASONS.map(([code]) => code).sort()).toEqual([...REVIEW_REASON_CODES].sort());
  });

  it('gives the review threshold’s default', () => {
    expect(parseEnv({}).REVIEW_THRESHOLD).toBe(REVIEW_THRESHOLD_DEFAULT);
  });

  it.each(NUMBER_EXAMPLES)('reads numbers as shown: %s', (written, read) => {
    for (const [input, output] of pairs(written, read))
      expect(parseNumber(input!), input).toBe(Number(output));
  });

  it.each(DATE_EXAMPLES)('reads dates as shown: %s', (written, read) => {
    for (const [input, output] of pairs(written, read))
      expect(parseDate(input!), input).toBe(output);
  });
});
