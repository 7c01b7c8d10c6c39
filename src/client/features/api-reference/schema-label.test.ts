import { describe, expect, it } from 'vitest';
import { childSchemas, constraintsOf, typeLabel } from './schema-label';

describe('typeLabel', () => {
  it('names plain, nullable, array and file types', () => {
    expect(typeLabel({ type: 'string' })).toBe('string');
    expect(typeLabel({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toBe('integer or null');
    expect(typeLabel({ type: 'array', items: { type: 'object', properties: {} } })).toBe(
      'array of object',
    );
    expect(typeLabel({ type: 'string', format: 'binary' })).toBe('file');
  });

  it('lists enum values and constants', () => {
    expect(typeLabel({ type: 'string', enum: ['csv', 'json'] })).toBe('"csv" | "json"');
    expect(typeLabel({ const: 'credits' })).toBe('"credits"');
  });
});

describe('constraintsOf', () => {
  it('says limits and defaults in words', () => {
    expect(constraintsOf({ type: 'integer', minimum: 1, maximum: 100, default: 20 })).toEqual([
      'minimum 1',
      'maximum 100',
      'default 20',
    ]);
  });
});

describe('childSchemas', () => {
  it('finds the objects inside arrays and unions', () => {
    const row = { type: 'object', properties: { id: { type: 'string' } } };
    expect(childSchemas({ type: 'array', items: row })).toEqual([row]);
    expect(childSchemas({ anyOf: [row, { type: 'null' }] })).toEqual([row]);
    expect(childSchemas({ type: 'string' })).toEqual([]);
  });
});
