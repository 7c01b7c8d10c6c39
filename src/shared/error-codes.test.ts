import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes';
import { ERROR_CATALOGUE } from './errors';

describe('ERROR_CODES', () => {
  it('lists exactly the codes of the catalogue, once each', () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('recognises our codes and nothing else', () => {
    expect(isErrorCode('NO_CREDITS')).toBe(true);
    expect(isErrorCode('INVALID_EMAIL_OR_PASSWORD')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
