import { describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../../tests/support/app-error';
import { correctionValue } from './correction-value';

const refusal = (run: () => unknown) => appErrorOf(Promise.resolve().then(run));

describe('correctionValue', () => {
  it('coerces a value to its column’s type by the extraction’s rules', () => {
    expect(correctionValue('1,234.50', { name: 'amount', type: 'number' }, false)).toBe(1234.5);
    expect(correctionValue('(12.00)', { name: 'amount', type: 'number' }, false)).toBe(-12);
    expect(correctionValue('31 March 2024', { name: 'day', type: 'date' }, false)).toBe(
      '2024-03-31',
    );
    expect(correctionValue('yes', { name: 'paid', type: 'boolean' }, false)).toBe(true);
    expect(correctionValue(42, { name: 'note', type: 'text' }, false)).toBe('42');
    expect(correctionValue('  Desk  ', { name: 'item', type: 'text' }, false)).toBe('Desk');
  });

  it('empties an optional cell, and gives the first column its stand-in', () => {
    expect(correctionValue('', { name: 'note', type: 'text' }, false)).toBeNull();
    expect(correctionValue(null, { name: 'amount', type: 'number' }, false)).toBeNull();
    expect(correctionValue(null, { name: 'item', type: 'text' }, true)).toBe('');
    expect(correctionValue(' ', { name: 'amount', type: 'number' }, true)).toBe(0);
  });

  it('refuses a value that cannot take the type, naming the column and the type', async () => {
    const error = await refusal(() =>
      correctionValue('abc', { name: 'amount', type: 'number' }, false),
    );
    expect(error.code).toBe('CORRECTION_VALUE_INVALID');
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'The column "amount" holds a number, and "abc" is not one (write it like 1234.5, 1,234.50, -12 or (12.00)).',
    );
    expect(
      (await refusal(() => correctionValue('someday', { name: 'day', type: 'date' }, false)))
        .message,
    ).toContain('The column "day" holds a date');
    expect(
      (await refusal(() => correctionValue('maybe', { name: 'paid', type: 'boolean' }, false)))
        .message,
    ).toContain('holds a boolean');
  });
});
