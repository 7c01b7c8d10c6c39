import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeRowsOfPrefix, parseAnswer } from './parse-answer';

describe('parseAnswer', () => {
  it('reads the data array, a bare array, fenced JSON and JSON with a sentence around it', () => {
    expect(parseAnswer('{"data":[{"a":"1"}]}')).toEqual({ rows: [{ a: '1' }], isValid: true });
    expect(parseAnswer('[{"a":"1"},{"a":"2"}]').rows).toHaveLength(2);
    expect(parseAnswer('```json\n{"data":[{"a":"1"}]}\n```')).toEqual({
      rows: [{ a: '1' }],
      isValid: true,
    });
    expect(parseAnswer('Here is the table:\n{"rows":[{"a":"1"}]}').rows).toEqual([{ a: '1' }]);
  });

  it('marks an answer that is not JSON as invalid, keeping any complete rows', () => {
    expect(parseAnswer('I could not find any data.')).toEqual({ rows: [], isValid: false });
    expect(parseAnswer('{"data":[{"a":"1"},{"a":"2"},{"a":"3')).toEqual({
      rows: [{ a: '1' }, { a: '2' }],
      isValid: false,
    });
  });
});

describe('completeRowsOfPrefix', () => {
  it('recovers exactly the rows that closed, for any cut of any answer', () => {
    const row = fc.dictionary(
      fc.constantFrom('date', 'note', 'amount'),
      fc.oneof(fc.string(), fc.constant(null)),
      { minKeys: 1 },
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.nat(), (rows, cutAt) => {
        const text = JSON.stringify({ data: rows });
        const cut = cutAt % (text.length + 1);
        const recovered = completeRowsOfPrefix(text.slice(0, cut));
        expect(recovered).toEqual(rows.slice(0, recovered.length));
        if (cut === text.length) expect(recovered).toEqual(rows);
      }),
    );
  });
});

describe('parseAnswer with the document’s fields', () => {
  it('reads the fields beside the rows, and fields alone', () => {
    expect(parseAnswer('{"fields":{"total":"9.50"},"data":[{"a":"1"}]}')).toEqual({
      rows: [{ a: '1' }],
      fields: { total: '9.50' },
      isValid: true,
    });
    expect(parseAnswer('{"fields":{"total":null}}')).toEqual({
      rows: [],
      fields: { total: null },
      isValid: true,
    });
  });

  it('keeps the fields and the complete rows of a cut-off answer, whatever the fields hold', () => {
    expect(
      parseAnswer('{"fields":{"note":"see [1] {x}","total":"9"},"data":[{"a":"1"},{"a":"2'),
    ).toEqual({
      rows: [{ a: '1' }],
      fields: { note: 'see [1] {x}', total: '9' },
      isValid: false,
    });
  });
});
