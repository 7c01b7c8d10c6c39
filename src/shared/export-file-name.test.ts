import { describe, expect, it } from 'vitest';
import { exportFileName, sanitizeName } from './export-file-name';

const day = new Date(2026, 0, 5, 23, 30);

describe('exportFileName', () => {
  it('names the file after the uploaded file, without its extension', () => {
    expect(exportFileName({ fileName: 'Bank Statement (Jan).pdf', url: null }, 'csv', day)).toBe(
      'rowsmith-bank-statement-jan-2026-01-05.csv',
    );
  });

  it('uses the host of a web page', () => {
    expect(
      exportFileName({ fileName: null, url: 'https://www.example.com/events?x=1' }, 'xlsx', day),
    ).toBe('rowsmith-www-example-com-2026-01-05.xlsx');
  });

  it('falls back to "extraction" for pasted text or a name with nothing usable', () => {
    expect(exportFileName({ fileName: null, url: null }, 'json', day)).toBe(
      'rowsmith-extraction-2026-01-05.json',
    );
    expect(exportFileName({ fileName: '../../…', url: null }, 'csv', day)).toBe(
      'rowsmith-extraction-2026-01-05.csv',
    );
  });
});

describe('sanitizeName', () => {
  it('keeps plain letters and digits, drops accents, path separators and long tails', () => {
    expect(sanitizeName('Relevé_2026/../x')).toBe('releve_2026-x');
    expect(sanitizeName('a'.repeat(100))).toHaveLength(60);
  });
});
