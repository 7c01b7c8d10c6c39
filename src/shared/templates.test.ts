import { describe, expect, it } from 'vitest';
import { columnsSchema } from './columns';
import { TEMPLATE_LABELS } from './template-labels';
import { TEMPLATE_SYNONYMS, TEMPLATES, getTemplate, isTemplateKey } from './templates';
import type { TemplateKey } from './templates';

const SPEC_COLUMNS: Record<string, string[]> = {
  events: ['event', 'date', 'description'],
  companies: ['company', 'year', 'valuation', 'description'],
  products: ['product', 'price', 'category', 'description'],
  articles: ['title', 'date', 'author', 'content'],
  companyHistory: ['year', 'milestone', 'valuation'],
  transactions: ['date', 'description', 'amount', 'type', 'category', 'balance'],
  invoice: ['invoice_number', 'date', 'due_date', 'item', 'quantity', 'unit_price', 'total'],
  stockPrice: ['date', 'symbol', 'open', 'high', 'low', 'close', 'volume'],
  stockPerformance: [
    'company',
    'symbol',
    'period',
    'return',
    'market_cap',
    'pe_ratio',
    'dividend_yield',
  ],
};

describe('TEMPLATES', () => {
  it('holds the nine templates of SPEC.md section 3 with their columns in order', () => {
    expect(TEMPLATES.map((template) => template.key)).toEqual(Object.keys(SPEC_COLUMNS));
    for (const template of TEMPLATES) {
      expect(template.columns.map((column) => column.name)).toEqual(SPEC_COLUMNS[template.key]);
    }
  });

  it('labels the eight converter buttons and Company History', () => {
    expect(TEMPLATES.map((template) => template.label)).toEqual([
      'Events',
      'Companies',
      'Products',
      'Articles',
      'Company History',
      'Transactions',
      'Invoice',
      'Stock Price',
      'Stock Performance',
    ]);
  });

  it('gives the converter’s buttons (template-labels.ts) the same labels', () => {
    for (const template of TEMPLATES) expect(TEMPLATE_LABELS[template.key]).toBe(template.label);
  });

  it.each(TEMPLATES.map((template) => [template.key, template] as const))(
    '%s parses with columnsSchema unchanged and describes every column',
    (_key, template) => {
      expect(columnsSchema.parse(template.columns)).toEqual(template.columns);
      for (const column of template.columns) expect(column.description?.length).toBeGreaterThan(0);
    },
  );

  it('types dates as dates and amounts, prices and figures as numbers', () => {
    const typeOf = (key: TemplateKey, name: string) =>
      getTemplate(key).columns.find((column) => column.name === name)?.type;
    expect(typeOf('transactions', 'date')).toBe('date');
    expect(typeOf('invoice', 'due_date')).toBe('date');
    expect(typeOf('transactions', 'amount')).toBe('number');
    expect(typeOf('products', 'price')).toBe('number');
    expect(typeOf('stockPrice', 'volume')).toBe('number');
    expect(typeOf('companyHistory', 'year')).toBe('number');
    expect(typeOf('stockPerformance', 'dividend_yield')).toBe('number');
    expect(typeOf('invoice', 'invoice_number')).toBe('text');
    expect(typeOf('stockPerformance', 'symbol')).toBe('text');
  });
});

describe('getTemplate', () => {
  it('returns a copy that can be edited without changing the template', () => {
    const copy = getTemplate('invoice');
    copy.columns[0]!.name = 'changed';
    expect(getTemplate('invoice').columns[0]?.name).toBe('invoice_number');
  });

  it('recognises template keys', () => {
    expect(isTemplateKey('stockPrice')).toBe(true);
    expect(isTemplateKey('unknown')).toBe(false);
  });
});

describe('TEMPLATE_SYNONYMS', () => {
  it('has lower-case synonyms for every column name used in the templates', () => {
    for (const template of TEMPLATES) {
      for (const column of template.columns) {
        const synonyms = TEMPLATE_SYNONYMS[column.name];
        expect(synonyms?.length, column.name).toBeGreaterThan(1);
        expect(synonyms?.[0]).toBe(column.name.replaceAll('_', ' '));
        for (const synonym of synonyms ?? []) expect(synonym).toBe(synonym.toLowerCase().trim());
      }
    }
  });
});
