import { describe, expect, it } from 'vitest';
import { converterFormReducer, initialForm, type FormAction } from './converter-form';
import {
  COLUMN_NAME_REQUIRED,
  DUPLICATE_COLUMN_NAMES,
  DUPLICATE_FIELD_NAMES,
  FIELD_AND_COLUMN_NAME,
  NO_CONTENT_MESSAGE,
  URL_SCHEME_MESSAGE,
  hasContent,
  validateRun,
} from './validate-run';

const form = (...actions: FormAction[]) => actions.reduce(converterFormReducer, initialForm());
const named = (name: string): FormAction => ({ type: 'column-name', id: 1, name });

describe('validateRun', () => {
  it("gives SPEC.md's messages for no columns and no content, both at once", () => {
    expect(COLUMN_NAME_REQUIRED).toBe('Please define at least one column name');
    expect(NO_CONTENT_MESSAGE).toBe(
      'No content to process. Please enter some text, paste a URL, or upload a file.',
    );
    expect(validateRun(form({ type: 'tab', tab: 'text' }))).toEqual({
      ok: false,
      errors: { content: NO_CONTENT_MESSAGE, columns: COLUMN_NAME_REQUIRED },
    });
  });

  it('treats blank text as no content', () => {
    const result = validateRun(
      form({ type: 'tab', tab: 'text' }, { type: 'text', text: ' \n' }, named('a')),
    );
    expect(result).toEqual({ ok: false, errors: { content: NO_CONTENT_MESSAGE } });
  });

  it('sends the trimmed named columns and the description', () => {
    const result = validateRun(
      form(
        { type: 'tab', tab: 'text' },
        { type: 'text', text: 'a\tb' },
        named(' date '),
        { type: 'add-column' },
        { type: 'description', description: '  payments  ' },
      ),
    );
    expect(result).toEqual({
      ok: true,
      value: {
        content: { kind: 'text', text: 'a\tb' },
        columns: [{ name: 'date', type: 'text' }],
        fields: [],
        rules: [],
        description: 'payments',
      },
    });
  });

  it('runs on document fields alone, and sends them with the rules a template carries', () => {
    const rules = [{ type: 'required' as const, name: 'total' }];
    const result = validateRun(
      form(
        { type: 'tab', tab: 'text' },
        { type: 'text', text: 'TOTAL 9.00' },
        {
          type: 'replace-columns',
          columns: [],
          fields: [{ name: 'total', type: 'number' }],
          rules,
        },
      ),
    );
    expect(result).toMatchObject({
      ok: true,
      value: { columns: [], fields: [{ name: 'total', type: 'number' }], rules },
    });
  });

  it('refuses a field named twice, or a name that is both a field and a column', () => {
    const text: FormAction[] = [
      { type: 'tab', tab: 'text' },
      { type: 'text', text: 'x' },
    ];
    const twice = form(...text, {
      type: 'replace-columns',
      columns: [],
      fields: [
        { name: 'Total', type: 'number' },
        { name: 'total', type: 'number' },
      ],
    });
    expect(validateRun(twice)).toEqual({
      ok: false,
      errors: { fields: DUPLICATE_FIELD_NAMES },
    });
    const both = form(...text, {
      type: 'replace-columns',
      columns: [{ name: 'amount', type: 'number' }],
      fields: [{ name: 'Amount', type: 'number' }],
    });
    expect(validateRun(both)).toEqual({ ok: false, errors: { columns: FIELD_AND_COLUMN_NAME } });
  });

  it('refuses the same column name twice', () => {
    const result = validateRun(
      form(
        { type: 'tab', tab: 'text' },
        { type: 'text', text: 'x' },
        named('Date'),
        { type: 'add-column' },
        { type: 'column-name', id: 2, name: 'date' },
      ),
    );
    expect(result).toEqual({ ok: false, errors: { columns: DUPLICATE_COLUMN_NAMES } });
  });

  it('accepts only http and https addresses', () => {
    const withUrl = (url: string) =>
      validateRun(form({ type: 'tab', tab: 'url' }, { type: 'url', url }, named('a')));
    expect(withUrl('ftp://example.com/a')).toEqual({
      ok: false,
      errors: { content: URL_SCHEME_MESSAGE },
    });
    expect(withUrl('example.com')).toEqual({ ok: false, errors: { content: URL_SCHEME_MESSAGE } });
    expect(withUrl(' https://example.com/a ')).toMatchObject({
      ok: true,
      value: { content: { kind: 'url', url: 'https://example.com/a' } },
    });
  });

  it('uses the chosen file on the Upload File tab, and keeps a refused file its own message', () => {
    const file = new File(['a'], 'a.txt', { type: 'text/plain' });
    expect(validateRun(form({ type: 'file', file }, named('a')))).toMatchObject({
      ok: true,
      value: { content: { kind: 'file', file } },
    });
    const refused = form({ type: 'file', file: null, error: 'PDF file is too large.' }, named('a'));
    expect(validateRun(refused)).toEqual({
      ok: false,
      errors: { content: 'PDF file is too large.' },
    });
  });

  it('sends several chosen files as one batch', () => {
    const a = new File(['a'], 'a.txt', { type: 'text/plain' });
    const b = new File(['b'], 'b.txt', { type: 'text/plain' });
    expect(validateRun(form({ type: 'add-files', files: [a, b] }, named('a')))).toMatchObject({
      ok: true,
      value: { content: { kind: 'files', files: [a, b] } },
    });
  });
});

describe('hasContent', () => {
  it('looks only at the active tab', () => {
    const texted = form({ type: 'text', text: 'hello' });
    expect(hasContent(texted)).toBe(false);
    expect(hasContent(converterFormReducer(texted, { type: 'tab', tab: 'text' }))).toBe(true);
  });
});
