import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSheetNamer, MAX_SHEET_NAME_LENGTH } from './sheet-name';

const namesFor = (names: string[]) => names.map(createSheetNamer());

/** What Excel itself refuses in a sheet name (exceljs checks the same when it adds a sheet). */
function isValidSheetName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= MAX_SHEET_NAME_LENGTH &&
    !/[[\]:*?/\\]/.test(name) &&
    !/^'|'$/.test(name) &&
    name.toLowerCase() !== 'history' &&
    !/[\uD800-\uDBFF]$/.test(name)
  );
}

describe('createSheetNamer', () => {
  it('keeps an ordinary name as it is', () => {
    expect(namesFor(['january.csv', 'Invoice 2024-03'])).toEqual([
      'january.csv',
      'Invoice 2024-03',
    ]);
  });

  it('numbers the reserved name History, in any case', () => {
    expect(namesFor(['History', 'HISTORY', 'history'])).toEqual([
      'History (2)',
      'HISTORY (3)',
      'history (4)',
    ]);
  });

  it('drops apostrophes at either end, even when cutting leaves one at the end', () => {
    expect(namesFor(["Bob's list'", "'quoted'", "''", `${'a'.repeat(30)}'b`])).toEqual([
      "Bob's list",
      'quoted',
      'Sheet',
      'a'.repeat(30),
    ]);
  });

  it('turns forbidden and invisible characters into spaces, one space per run', () => {
    expect(namesFor(['Q1: [draft] *final*? a/b\\c', 'tab\there\u202Egnp.exe', '\u0000'])).toEqual([
      'Q1 draft final a b c',
      'tab here gnp.exe',
      'Sheet',
    ]);
  });

  it('cuts long names to 31 characters without splitting a character', () => {
    const [long, emoji] = namesFor(['x'.repeat(40), `${'y'.repeat(30)}😀`]);
    expect(long).toBe('x'.repeat(31));
    expect(emoji).toBe('y'.repeat(30));
  });

  it('numbers names alike ignoring case, keeping the number inside 31 characters', () => {
    const long = 'z'.repeat(40);
    expect(namesFor(['Sales', 'sales', 'SALES', long, long])).toEqual([
      'Sales',
      'sales (2)',
      'SALES (3)',
      'z'.repeat(31),
      `${'z'.repeat(27)} (2)`,
    ]);
  });

  it('gives valid, distinct names for any names at all', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 30 }),
        (names) => {
          const given = namesFor(names);
          expect(given.every(isValidSheetName)).toBe(true);
          expect(new Set(given.map((name) => name.toLowerCase())).size).toBe(given.length);
        },
      ),
    );
  });
});
