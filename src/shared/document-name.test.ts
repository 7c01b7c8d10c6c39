import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanDocumentName, MAX_DOCUMENT_NAME_CHARACTERS } from './document-name';

describe('cleanDocumentName', () => {
  it('strips every bidi control, so a name reads as it is', () => {
    expect(cleanDocumentName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(cleanDocumentName(`a${controls}b.pdf`)).toBe('ab.pdf');
    // Right-to-left letters themselves stay.
    expect(cleanDocumentName('تقرير.pdf')).toBe('تقرير.pdf');
  });

  it('turns line breaks and other controls into spaces', () => {
    expect(cleanDocumentName('  March\r\nstatement\t.csv ')).toBe('March statement .csv');
    expect(cleanDocumentName('\u202E\u0000')).toBe('');
  });

  it('caps a name at 255 characters, keeping its extension', () => {
    const long = `${'x'.repeat(400)}.xlsx`;
    const cleaned = cleanDocumentName(long);
    expect(Array.from(cleaned)).toHaveLength(255);
    expect(cleaned.endsWith('x….xlsx')).toBe(true);
    expect(Array.from(cleanDocumentName('😀'.repeat(300)))).toHaveLength(255);
  });

  it('never answers more than 255 characters or a control, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (raw) => {
        const cleaned = cleanDocumentName(raw);
        expect(Array.from(cleaned).length).toBeLessThanOrEqual(MAX_DOCUMENT_NAME_CHARACTERS);
        // eslint-disable-next-line no-control-regex -- looking for control characters
        expect(cleaned).not.toMatch(/[\u0000-\u001F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
      }),
    );
  });
});
