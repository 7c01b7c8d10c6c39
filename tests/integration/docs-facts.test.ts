import { describe, expect, it } from 'vitest';
import { DATE_EXAMPLES, NUMBER_EXAMPLES } from '../../src/client/features/docs/coercion-examples';
import { REQUEST_LIMITS, SETTING_LIMITS } from '../../src/client/features/docs/limits';
import { RECORDS_EXAMPLE, RULE_TYPES } from '../../src/client/features/docs/records-example';
import {
  REVIEW_REASONS,
  REVIEW_THRESHOLD_DEFAULT,
} from '../../src/client/features/docs/review-reasons';
import { parseEnv, type Env } from '../../src/server/env';
import { parseDate, parseNumber } from '../../src/server/extraction/coerce';
import { checkRules } from '../../src/server/extraction/records/check-rules';
import { extractionRequestSchema } from '../../src/shared/extraction-request';
import { recordDefinitionSchema, ruleSchema } from '../../src/shared/records';
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

  it('shows a worked invoice whose check messages are the rule checker’s own', () => {
    const definition = recordDefinitionSchema.parse(RECORDS_EXAMPLE.request);
    const decimals = { subtotal: 2, tax: 2, total: 2, amount: 2 };
    const check = (rows: readonly Record<string, string | number>[]) =>
      checkRules({ ...definition, values: RECORDS_EXAMPLE.found.fields, rows, decimals }).map(
        ({ passed, message }) => [passed, message],
      );
    expect(check(RECORDS_EXAMPLE.found.rows)).toEqual([
      [false, RECORDS_EXAMPLE.failed],
      [true, RECORDS_EXAMPLE.formula],
    ]);
    const { row, column, value } = RECORDS_EXAMPLE.correction;
    const corrected = RECORDS_EXAMPLE.found.rows.map((line, index) =>
      index === row ? { ...line, [column]: value } : line,
    );
    expect(check(corrected)[0]).toEqual([true, RECORDS_EXAMPLE.corrected]);
  });

  it('explains every rule type, and no other', () => {
    expect(RULE_TYPES.map(([type]) => type).sort()).toEqual(
      ruleSchema.options.map((option) => option.shape.type.value).sort(),
    );
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
