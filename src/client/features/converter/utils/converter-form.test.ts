import { describe, expect, it } from 'vitest';
import { COLUMN_LIMITS } from '../../../../shared/column-types';
import { getTemplate } from '../../../../shared/templates';
import { converterFormReducer, initialForm, type FormAction } from './converter-form';

const apply = (...actions: FormAction[]) => actions.reduce(converterFormReducer, initialForm());
const then = converterFormReducer;

describe('converterFormReducer', () => {
  it('starts with one empty text column on the Upload File tab', () => {
    expect(initialForm()).toMatchObject({ tab: 'file', columns: [{ name: '', type: 'text' }] });
  });

  it('adds, edits and removes columns, never removing the last one', () => {
    const form = apply(
      { type: 'add-column' },
      { type: 'column-name', id: 2, name: 'amount' },
      { type: 'column-type', id: 2, columnType: 'number' },
      { type: 'remove-column', id: 1 },
      { type: 'remove-column', id: 2 },
    );
    expect(form.columns).toEqual([{ id: 2, name: 'amount', type: 'number' }]);
  });

  it('adds, edits and removes document fields, which may all go, beside the columns', () => {
    let form = apply({ type: 'add-field' }, { type: 'add-field' });
    const [first, second] = form.fields;
    expect(form.fields).toHaveLength(2);
    form = then(form, { type: 'column-name', id: first?.id ?? 0, name: 'total' });
    form = then(form, { type: 'column-type', id: first?.id ?? 0, columnType: 'number' });
    form = then(form, { type: 'remove-column', id: second?.id ?? 0 });
    expect(form.fields).toEqual([{ id: first?.id, name: 'total', type: 'number' }]);
    expect(form.columns).toEqual([{ id: 1, name: '', type: 'text' }]);
    form = then(form, { type: 'remove-column', id: first?.id ?? 0 });
    expect(form.fields).toEqual([]);
  });

  it('takes a record template’s fields and rules, and Undo brings back the fields too', () => {
    const rules = [{ type: 'required' as const, name: 'total' }];
    let form = apply({ type: 'add-field' });
    form = then(form, { type: 'column-name', id: form.fields[0]?.id ?? 0, name: 'vendor' });
    form = then(form, {
      type: 'replace-columns',
      columns: [{ name: 'item', type: 'text' }],
      fields: [{ name: 'total', type: 'number' }],
      rules,
      template: 'receipt',
      by: 'the Receipt template',
    });
    expect(form.fields.map((field) => field.name)).toEqual(['total']);
    expect(form.rules).toEqual(rules);
    expect(form.replaced?.count).toBe(1);
    // Suggested columns leave the fields as they are.
    form = then(form, { type: 'replace-columns', columns: [{ name: 'sku', type: 'text' }] });
    expect(form.fields.map((field) => field.name)).toEqual(['total']);
    form = then(form, { type: 'undo-replace' });
    expect(form.columns.map((column) => column.name)).toEqual(['item']);
    form = then(then(form, { type: 'clear' }), { type: 'undo-replace' });
    expect(form.fields).toEqual([]);
    expect(form.rules).toEqual([]);
  });

  it('stops adding columns at the limit', () => {
    const actions = Array.from({ length: COLUMN_LIMITS.columns + 5 }, () => ({
      type: 'add-column' as const,
    }));
    expect(apply(...actions).columns).toHaveLength(COLUMN_LIMITS.columns);
  });

  it('fills the editor from a template with fresh ids, and clears back to one empty row', () => {
    const events = getTemplate('events').columns;
    const filled = apply({ type: 'replace-columns', columns: events });
    expect(filled.columns.map((column) => column.name)).toEqual(['event', 'date', 'description']);
    expect(new Set(filled.columns.map((column) => column.id)).size).toBe(3);
    expect(filled.columns[0]?.description).toBe('Name or title of the event');
    const cleared = converterFormReducer(filled, { type: 'clear-columns' });
    expect(cleared.columns.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: '', type: 'text' },
    ]);
  });

  it('keeps a column’s instructions when it is renamed (the editor shows them beside it)', () => {
    const filled = apply({ type: 'replace-columns', columns: getTemplate('events').columns });
    const id = filled.columns[0]!.id;
    const renamed = converterFormReducer(filled, { type: 'column-name', id, name: 'talk' });
    expect(renamed.columns[0]).toEqual({
      id,
      name: 'talk',
      type: 'text',
      description: 'Name or title of the event',
    });
    const rewritten = converterFormReducer(renamed, {
      type: 'column-description',
      id,
      description: 'The talk’s title',
    });
    expect(rewritten.columns[0]?.description).toBe('The talk’s title');
    const cleared = converterFormReducer(rewritten, {
      type: 'column-description',
      id,
      description: '',
    });
    expect(cleared.columns[0]).toEqual({ id, name: 'talk', type: 'text' });
  });

  it('shows the template in use, and brings replaced columns back with Undo', () => {
    const mine = apply(
      { type: 'column-name', id: 1, name: 'vendor' },
      { type: 'add-column' },
      { type: 'column-name', id: 2, name: 'paid' },
      { type: 'column-type', id: 2, columnType: 'number' },
    );
    const invoice = converterFormReducer(mine, {
      type: 'replace-columns',
      columns: getTemplate('invoice').columns,
      template: 'invoice',
      by: 'the Invoice template',
    });
    expect(invoice.template).toBe('invoice');
    expect(invoice.replaced).toMatchObject({
      count: 2,
      by: 'the Invoice template',
      template: null,
    });
    const suggested = converterFormReducer(invoice, {
      type: 'replace-columns',
      columns: [{ name: 'product', type: 'text' }],
      by: 'suggested columns',
    });
    expect(suggested.template).toBeNull();
    const back = converterFormReducer(suggested, { type: 'undo-replace' });
    expect(back.template).toBe('invoice');
    expect(back.columns).toEqual(invoice.columns);
    expect(back.replaced).toBeNull();
    expect(converterFormReducer(back, { type: 'undo-replace' })).toBe(back);
    // Replacing an empty editor loses nothing: no Undo; Clear forgets the template.
    const fresh = apply({
      type: 'replace-columns',
      columns: getTemplate('events').columns,
      template: 'events',
    });
    expect(fresh.replaced).toBeNull();
    expect(converterFormReducer(fresh, { type: 'clear-columns' }).template).toBeNull();
  });

  it('replaces nothing when the columns are the ones already in the form', () => {
    const invoice = apply(
      { type: 'column-name', id: 1, name: 'vendor' },
      { type: 'replace-columns', columns: getTemplate('invoice').columns, template: 'invoice' },
    );
    // An extractor with the same columns: it becomes the one in use; the rows and Undo stay.
    const again = converterFormReducer(invoice, {
      type: 'replace-columns',
      columns: getTemplate('invoice').columns,
      template: 'extractor-1',
    });
    expect(again.template).toBe('extractor-1');
    expect(again.columns).toBe(invoice.columns);
    expect(again.replaced).toBe(invoice.replaced);
    // One difference (an instruction) is a replacement.
    const changed = getTemplate('invoice').columns.map((column, index) =>
      index === 0 ? { ...column, description: 'The number printed at the top' } : column,
    );
    const other = converterFormReducer(invoice, { type: 'replace-columns', columns: changed });
    expect(other.replaced?.count).toBe(getTemplate('invoice').columns.length);
  });

  it('clears a message when its field changes', () => {
    const form = apply(
      { type: 'errors', errors: { content: 'No content', columns: 'No columns' } },
      { type: 'text', text: 'a' },
      { type: 'column-name', id: 1, name: 'x' },
    );
    expect(form.errors).toEqual({ content: undefined, columns: undefined });
  });

  it('keeps a refused file out and shows why', () => {
    const form = apply({ type: 'file', file: null, error: 'PDF file is too large.' });
    expect(form).toMatchObject({ files: [], errors: { content: 'PDF file is too large.' } });
  });

  it('adds chosen files once each, removes one, and a single choice replaces them all', () => {
    const a = new File(['a'], 'a.txt', { lastModified: 1 });
    const b = new File(['bb'], 'b.txt', { lastModified: 1 });
    const c = new File(['c'], 'c.txt', { lastModified: 1 });
    const both = apply({ type: 'add-files', files: [a, b] }, { type: 'add-files', files: [a] });
    expect(both.files).toEqual([a, b]);
    expect(converterFormReducer(both, { type: 'remove-file', index: 0 }).files).toEqual([b]);
    expect(converterFormReducer(both, { type: 'file', file: c }).files).toEqual([c]);
    const refused = converterFormReducer(both, {
      type: 'add-files',
      files: [],
      error: 'Failed to process file: x.exe is not a supported type.',
    });
    expect(refused.files).toEqual([a, b]);
    expect(refused.errors.content).toMatch(/x\.exe/);
  });

  it('remembers the template whose columns were applied, kept through edits, until replaced', () => {
    const events = getTemplate('events').columns;
    const applied = apply({ type: 'replace-columns', columns: events, template: 'events' });
    expect(applied.template).toBe('events');
    const edited = converterFormReducer(applied, { type: 'column-name', id: 2, name: 'when' });
    expect(edited.template).toBe('events');
    // Suggested columns, or columns of a job to run again, come from no template.
    expect(
      converterFormReducer(edited, { type: 'replace-columns', columns: events }).template,
    ).toBe(null);
    expect(converterFormReducer(edited, { type: 'clear-columns' }).template).toBe(null);
  });

  it('keeps what Clear emptied for Undo, until the next change', () => {
    const filled = apply(
      { type: 'tab', tab: 'text' },
      { type: 'text', text: 'a\tb' },
      { type: 'description', description: 'March' },
    );
    const cleared = then(filled, { type: 'clear' });
    expect(cleared).toMatchObject({ text: '', description: '', tab: 'file' });
    expect(then(cleared, { type: 'undo-clear' })).toMatchObject({
      text: 'a\tb',
      description: 'March',
      tab: 'text',
      cleared: null,
    });
    const changed = then(cleared, { type: 'add-column' });
    expect(changed.cleared).toBeNull();
    expect(then(changed, { type: 'undo-clear' })).toBe(changed);
  });
});
