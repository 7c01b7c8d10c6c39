import { describe, expect, it } from 'vitest';
import { EDIT_MESSAGES, editableText, editedValue } from './edit-value';

describe('editedValue', () => {
  it('keeps text as typed, trimmed; a blank is no value', () => {
    expect(editedValue('text', '  Hardware Hub ')).toEqual({ ok: true, value: 'Hardware Hub' });
    expect(editedValue('number', '  ')).toEqual({ ok: true, value: null });
  });

  it('reads numbers the way tables write them', () => {
    expect(editedValue('number', '-4.50')).toEqual({ ok: true, value: -4.5 });
    expect(editedValue('number', '1,234.56')).toEqual({ ok: true, value: 1234.56 });
    expect(editedValue('number', '$ 12')).toEqual({ ok: true, value: 12 });
    expect(editedValue('number', '(45.00)')).toEqual({ ok: true, value: -45 });
    expect(editedValue('number', 'four')).toEqual({ ok: false, message: EDIT_MESSAGES.number });
    expect(editedValue('number', '1.2.3')).toEqual({ ok: false, message: EDIT_MESSAGES.number });
  });

  it('takes real dates as YYYY-MM-DD only', () => {
    expect(editedValue('date', '2026-03-01')).toEqual({ ok: true, value: '2026-03-01' });
    expect(editedValue('date', '2026-02-30')).toEqual({ ok: false, message: EDIT_MESSAGES.date });
    expect(editedValue('date', '1 March 2026')).toEqual({ ok: false, message: EDIT_MESSAGES.date });
  });

  it('takes yes and no', () => {
    expect(editedValue('boolean', 'Yes')).toEqual({ ok: true, value: true });
    expect(editedValue('boolean', 'false')).toEqual({ ok: true, value: false });
    expect(editedValue('boolean', 'maybe')).toEqual({
      ok: false,
      message: EDIT_MESSAGES.boolean,
    });
  });
});

describe('editableText', () => {
  it('starts the field with the value as one would type it', () => {
    expect(editableText(-4032.97)).toBe('-4032.97');
    expect(editableText(true)).toBe('yes');
    expect(editableText(null)).toBe('');
  });
});
