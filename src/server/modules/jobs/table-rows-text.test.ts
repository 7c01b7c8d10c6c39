import { describe, expect, it } from 'vitest';
import { tableRowsText } from './table-rows-text';

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
