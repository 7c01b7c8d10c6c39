import { describe, expect, it } from 'vitest';
import {
  EVENTS_JSON,
  NESTED_CONFIG_JSON,
  WRAPPED_EVENTS_JSON,
  readerInput,
  utf16Bytes,
} from '../../../../../tests/fixtures/text-fixtures';
import { readJson } from './json';
import type { ReadLimits } from '../types';

const read = (content: string | Uint8Array, limits: Partial<ReadLimits> = {}) =>
  readJson(readerInput(content, { fileName: 'data.json', mimeType: 'application/json', limits }));

describe('readJson', () => {
  it('turns an array of objects into a table with the union of their keys', async () => {
    const output = await read(EVENTS_JSON);
    expect(output.warnings).toEqual([]);
    expect(output.blocks).toEqual([
      {
        kind: 'table',
        table: {
          name: null,
          source: 'json',
          header: ['name', 'city', 'date', 'seats', 'online', 'tags'],
          rows: [
            ['Data Summit', 'Berlin', '2024-05-14', '350', '', ''],
            ['Rust Nation', 'London', '2024-09-10', '', 'true', ''],
            ['JSConf', 'Lisbon', '2024-11-03', '', '', '["js","web"]'],
          ],
        },
      },
    ]);
  });

  it('finds records under a top-level key and keeps the other keys as code', async () => {
    const { blocks } = await read(WRAPPED_EVENTS_JSON);
    expect(blocks).toEqual([
      { kind: 'code', text: '{\n  "source": "events-api",\n  "page": 1\n}' },
      {
        kind: 'table',
        table: {
          name: 'events',
          source: 'json',
          header: ['id', 'title', 'venue'],
          rows: [
            ['1', 'Kick-off', '{"name":"Hall A","floor":2}'],
            ['2', 'Review', '{"name":"Room 3"}'],
          ],
        },
      },
    ]);
  });

  it('keeps other JSON as pretty-printed code', async () => {
    const { blocks } = await read(NESTED_CONFIG_JSON);
    expect(blocks).toEqual([
      { kind: 'code', text: JSON.stringify(JSON.parse(NESTED_CONFIG_JSON), null, 2) },
    ]);
    expect((await read(utf16Bytes('[1, 2, 3]', 'le'))).blocks).toEqual([
      { kind: 'code', text: '[\n  1,\n  2,\n  3\n]' },
    ]);
  });

  it('reads JSON Lines as records', async () => {
    const { blocks } = await read('{"sku":"A-1","stock":4}\n{"sku":"A-2","stock":0}\n');
    expect(blocks).toEqual([
      {
        kind: 'table',
        table: {
          name: null,
          source: 'json',
          header: ['sku', 'stock'],
          rows: [
            ['A-1', '4'],
            ['A-2', '0'],
          ],
        },
      },
    ]);
  });

  it('stops at the row limit and cuts long code at the character limit, with warnings', async () => {
    const records = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: i })));
    const limited = await read(records, { maxTableRows: 25 });
    expect(limited.blocks[0]?.kind === 'table' && limited.blocks[0].table.rows).toHaveLength(25);
    expect(limited.warnings).toEqual(['Only the first 25 rows of the file were read.']);

    const long = JSON.stringify({ values: Array.from({ length: 500 }, (_, i) => i) });
    const cut = await read(long, { maxCharacters: 200 });
    const [block] = cut.blocks;
    expect(block?.kind).toBe('code');
    expect(block?.kind === 'code' && block.text.length + 8).toBeLessThanOrEqual(200);
    expect(block?.kind === 'code' && block.text.startsWith('{\n  "values": [\n    0,')).toBe(true);
    expect(cut.warnings).toHaveLength(1);
  });

  it('refuses JSON nested too deeply to write back out, without crashing', async () => {
    await expect(read(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)).rejects.toMatchObject({
      code: 'FILE_PROCESSING_FAILED',
      message: 'Failed to process file: the JSON is nested too deeply to read.',
    });
  });

  it('refuses invalid JSON with a short reason', async () => {
    const error = await read('{"name": "Ada", }').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'FILE_PROCESSING_FAILED' });
    const { message } = error as Error;
    expect(message.startsWith('Failed to process file: the file is not valid JSON: ')).toBe(true);
    expect(message.length).toBeLessThan(200);
  });
});
