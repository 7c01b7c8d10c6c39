import { describe, expect, it } from 'vitest';
import { getTemplate } from '../../../../shared/templates';
import { draftOf, isBlankDraft } from './converter-draft';
import { converterFormReducer, initialForm, type FormAction } from './converter-form';
import { formFromDraft } from './restore-converter-draft';

const apply = (...actions: FormAction[]) => actions.reduce(converterFormReducer, initialForm());
const file = new File(['a,b\n1,2'], 'prices.csv', { type: 'text/csv', lastModified: 1_700_000 });

/** The draft as storage keeps it: plain JSON. */
const stored = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('the converter draft', () => {
  const filled = apply(
    { type: 'url', url: 'https://example.com/events' },
    { type: 'text', text: 'date\tamount\n2026-03-01\t3.50' },
    { type: 'tab', tab: 'text' },
    { type: 'add-files', files: [file] },
    { type: 'replace-columns', columns: getTemplate('events').columns, template: 'events' },
    { type: 'column-type', id: 3, columnType: 'number' },
    { type: 'description', description: 'Only this year' },
  );

  it('keeps every tab, the columns, the description and the template, and reads them back', () => {
    const restored = formFromDraft(stored(draftOf(filled)), [file]);
    expect(restored).toMatchObject({
      tab: 'text',
      text: filled.text,
      url: filled.url,
      files: [file],
      lostFiles: [],
      description: 'Only this year',
      template: 'events',
    });
    expect(restored?.columns.map(({ name, type }) => ({ name, type }))).toEqual(
      filled.columns.map(({ name, type }) => ({ name, type })),
    );
    expect(restored?.columns[0]?.description).toBe('Name or title of the event');
  });

  it('keeps the document fields and the rules, and reads them back', () => {
    const rules = [{ type: 'sum' as const, column: 'amount', field: 'subtotal' }];
    const record = apply(
      { type: 'text', text: 'Subtotal 9.00' },
      {
        type: 'replace-columns',
        columns: [{ name: 'amount', type: 'number' }],
        fields: [{ name: 'subtotal', type: 'number', description: 'Before tax' }],
        rules,
      },
    );
    const restored = formFromDraft(stored(draftOf(record)), []);
    expect(
      restored?.fields.map(({ name, type, description }) => ({ name, type, description })),
    ).toEqual([{ name: 'subtotal', type: 'number', description: 'Before tax' }]);
    expect(restored?.rules).toEqual(rules);
  });

  it('names a file the page no longer holds, until it is chosen again', () => {
    const restored = formFromDraft(stored(draftOf(filled)), undefined)!;
    expect(restored.files).toEqual([]);
    expect(restored.lostFiles).toEqual([
      { name: 'prices.csv', size: file.size, type: 'text/csv', lastModified: 1_700_000 },
    ]);
    // Still named if the page reloads again before it is chosen.
    expect(draftOf(restored).files).toHaveLength(1);
    const again = new File(['a,b\n1,2'], 'prices.csv', { type: 'text/csv' });
    const chosen = converterFormReducer(restored, { type: 'add-files', files: [again] });
    expect(chosen.lostFiles).toEqual([]);
    expect(converterFormReducer(restored, { type: 'forget-lost-files' }).lostFiles).toEqual([]);
  });

  it('keeps nothing for a blank form, or after Clear', () => {
    expect(isBlankDraft(draftOf(initialForm()))).toBe(true);
    expect(isBlankDraft(draftOf(filled))).toBe(false);
    const cleared = converterFormReducer(filled, { type: 'clear' });
    expect(isBlankDraft(draftOf(cleared))).toBe(true);
    expect(new Set(cleared.columns.map((column) => column.id)).size).toBe(1);
    expect(cleared.columns[0]!.id).toBeGreaterThan(Math.max(...filled.columns.map((c) => c.id)));
  });

  it('reads what storage holds defensively', () => {
    expect(formFromDraft(null, undefined)).toBeNull();
    expect(formFromDraft('text', undefined)).toBeNull();
    const odd = formFromDraft(
      { tab: 'elsewhere', text: 42, columns: [{ name: 'a', type: 'money' }, 'b'], files: 'x' },
      undefined,
    );
    expect(odd).toMatchObject({ tab: 'file', text: '', files: [], lostFiles: [], template: null });
    expect(odd?.columns.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'a', type: 'text' },
    ]);
  });
});
