import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { jsonSchemaOf } from './build-document';
import { exampleOf } from './schema-example';

const example = (schema: z.ZodType, isRequest = false) =>
  exampleOf(jsonSchemaOf(schema, isRequest ? 'input' : 'output'), { isRequest });

describe('exampleOf', () => {
  it('fills every field of an answer with a value of its type', () => {
    const job = z.object({
      id: z.string(),
      status: z.enum(['queued', 'running']),
      rows_total: z.number().int(),
      is_done: z.boolean(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
      email: z.email(),
      tags: z.array(z.string()),
      columns: z.array(z.object({ name: z.string(), type: z.literal('text') })),
    });
    expect(example(job)).toEqual({
      id: 'k3v9x2m7q4w8',
      status: 'queued',
      rows_total: 1,
      is_done: true,
      created_at: '2026-11-25T14:32:00.000Z',
      finished_at: '2026-11-25T14:32:00.000Z',
      email: 'ada@example.com',
      tags: ['string'],
      columns: [{ name: 'string', type: 'text' }],
    });
  });

  it('keeps to a number’s bounds and a field’s default', () => {
    const query = z.object({
      limit: z.number().int().min(1).max(100).default(20),
      offset: z.number().int().min(0),
      ratio: z.number().max(0.5),
    });
    expect(example(query)).toEqual({ limit: 20, offset: 0, ratio: 0.5 });
  });

  it('gives a request only its required fields, and a record one entry', () => {
    const body = z.object({ name: z.string(), note: z.string().optional() });
    expect(example(body, true)).toEqual({ name: 'string' });
    expect(example(z.record(z.string(), z.number()))).toEqual({ column: 1 });
  });

  it('takes the first branch of a union that is not null', () => {
    expect(example(z.union([z.null(), z.object({ url: z.string() })]))).toEqual({
      url: 'https://example.com/statement.html',
    });
    expect(example(z.string().nullable())).toBe('string');
  });
});
