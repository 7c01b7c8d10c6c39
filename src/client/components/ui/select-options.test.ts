import { describe, expect, it } from 'vitest';
import { findNextOption } from './select-options';

const OPTIONS = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'boolean', label: 'Boolean' },
  { value: 'dollars', label: 'Dollars' },
];

describe('findNextOption', () => {
  it('moves to the option whose label starts with the letter, in any case', () => {
    expect(findNextOption(OPTIONS, 'text', 'n')?.value).toBe('number');
    expect(findNextOption(OPTIONS, 'text', 'B')?.value).toBe('boolean');
  });

  it('moves on to the next match when the current option matches too, wrapping round', () => {
    expect(findNextOption(OPTIONS, 'date', 'd')?.value).toBe('dollars');
    expect(findNextOption(OPTIONS, 'dollars', 'd')?.value).toBe('date');
  });

  it('finds nothing when no other option starts with the letter', () => {
    expect(findNextOption(OPTIONS, 'text', 'x')).toBeUndefined();
    expect(findNextOption(OPTIONS, 'text', 't')).toBeUndefined();
  });

  it('starts from the first option when the value is not one of them', () => {
    expect(findNextOption(OPTIONS, '', 'd')?.value).toBe('date');
  });
});
