import { describe, expect, it } from 'vitest';
import { rowsDecimalsText, tableRowsText } from './table-rows-text';

describe('tableRowsText', () => {
  it('passes the rows of a 200 or a 207 on as they are', () => {
    expect(tableRowsText({ status: '200', rows: '[{"a":1}]' })).toBe('[{"a":1}]');
    expect(tableRowsText({ status: '207', rows: '[{"a":"raw text"}]' })).toBe('[{"a":"raw text"}]');
  });

  it('leaves out a 500’s stand-in rows, and rows of a document without a result', () => {
    expect(tableRowsText({ status: '500', rows: '[{"a":null}]' })).toBe('[]');
    expect(tableRowsText({ status: null, rows: null })).toBe('[]');
  });
});

describe('rowsDecimalsText', () => {
  it('gives the decimals of a document with rows, as they are', () => {
    expect(rowsDecimalsText('[{"a":1.5}]', '{"a":2}')).toBe('{"a":2}');
  });

  it('gives none without rows or without decimals (a result stored before they were kept)', () => {
    expect(rowsDecimalsText('[]', '{"a":2}')).toBeNull();
    expect(rowsDecimalsText('[{"a":1}]', null)).toBeNull();
    expect(rowsDecimalsText('[{"a":1}]', 'null')).toBeNull();
  });
});
