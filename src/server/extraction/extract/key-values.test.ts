import { describe, expect, it } from 'vitest';
import { buildDocument } from '../read/build-document';
import { findKeyValueRecords, parseKeyValueLine } from './key-values';

describe('parseKeyValueLine', () => {
  it('reads colon, dash, emphasis and list-item forms', () => {
    expect(parseKeyValueLine('Invoice number: 123')).toEqual({
      key: 'Invoice number',
      value: '123',
    });
    expect(parseKeyValueLine('Date - 2025-03-01')).toEqual({ key: 'Date', value: '2025-03-01' });
    expect(parseKeyValueLine('**Total:** 11.90')).toEqual({ key: 'Total', value: '11.90' });
    expect(parseKeyValueLine('- __Due__: 1 May')).toEqual({ key: 'Due', value: '1 May' });
    expect(parseKeyValueLine('Meeting at 10:30: room 4')).toEqual({
      key: 'Meeting at 10:30',
      value: 'room 4',
    });
  });

  it('refuses prose, links, empty values and long keys', () => {
    expect(parseKeyValueLine('See https://example.com/a')).toBeNull();
    expect(parseKeyValueLine('Billing address:')).toBeNull();
    expect(
      parseKeyValueLine('This sentence is much too long to be a key of a record: no'),
    ).toBeNull();
    expect(parseKeyValueLine('Just a line of text.')).toBeNull();
  });
});

describe('findKeyValueRecords', () => {
  it('groups lines across blank lines, and splits on a repeated key, prose or a heading', () => {
    const document = buildDocument(
      [
        { kind: 'paragraph', text: 'Name: Ada\nEmail: ada@example.com' },
        { kind: 'paragraph', text: 'Phone: 1' },
        { kind: 'paragraph', text: 'Name: Alan' },
        { kind: 'heading', level: 2, text: 'Other' },
        { kind: 'paragraph', text: 'Email: x@example.com\nSome prose here.\nEmail: y@example.com' },
      ],
      10_000,
    );
    expect(findKeyValueRecords(document).map((record) => record.map((pair) => pair.key))).toEqual([
      ['Name', 'Email', 'Phone'],
      ['Name'],
      ['Email'],
      ['Email'],
    ]);
  });
});
