import { describe, expect, it } from 'vitest';
import { columnsSchema } from './columns';
import { recordDefinitionSchema, type Rule } from './records';
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
  invoice: ['item', 'quantity', 'unit_price', 'amount'],
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

/** The records of issue 31 point 9: a document's own fields, its line items and its rules. */
const RECORDS: Record<string, { fields: string[]; columns: string[]; rules: Rule[] }> = {
  invoice: {
    fields: [
      'invoice_number',
      'date',
      'due_date',
      'vendor',
      'customer',
      'currency',
      'subtotal',
      'tax',
      'total',
    ],
    columns: ['item', 'quantity', 'unit_price', 'amount'],
    rules: [
      { type: 'sum', column: 'amount', field: 'subtotal' },
      { type: 'formula', expression: 'subtotal + tax = total' },
    ],
  },
  receipt: {
    fields: ['merchant', 'date', 'address', 'total', 'tax', 'payment'],
    columns: ['item', 'quantity', 'unit_price', 'amount'],
    rules: [],
  },
  bankStatement: {
    fields: [
      'account_holder',
      'account_number',
      'period_start',
      'period_end',
      'opening_balance',
      'closing_balance',
      'net_change',
    ],
    columns: ['date', 'description', 'amount', 'balance'],
    rules: [
      { type: 'sum', column: 'amount', field: 'net_change' },
      { type: 'formula', expression: 'opening_balance + net_change = closing_balance' },
    ],
  },
  purchaseOrder: {
    fields: [
      'po_number',
      'date',
      'delivery_date',
      'buyer',
      'supplier',
      'currency',
      'subtotal',
      'tax',
      'total',
    ],
    columns: ['item', 'quantity', 'unit_price', 'amount'],
    rules: [
      { type: 'sum', column: 'amount', field: 'subtotal' },
      { type: 'formula', expression: 'subtotal + tax = total' },
    ],
  },
};

describe('TEMPLATES', () => {
  it('holds the nine templates of SPEC.md section 3 with their columns in order, then the records', () => {
    expect(TEMPLATES.map((template) => template.key)).toEqual([
      ...Object.keys(SPEC_COLUMNS),
      'receipt',
      'bankStatement',
      'purchaseOrder',
    ]);
    for (const template of TEMPLATES) {
      const columns = SPEC_COLUMNS[template.key] ?? RECORDS[template.key]?.columns;
      expect(template.columns.map((column) => column.name)).toEqual(columns);
    }
  });

  it('keeps every name of SPEC’s invoice, as a field or a line-item column', () => {
    const invoice = getTemplate('invoice');
    const names = [...(invoice.fields ?? []), ...invoice.columns].map((field) => field.name);
    for (const name of ['invoice_number', 'date', 'due_date', 'item', 'quantity', 'unit_price'])
      expect(names).toContain(name);
    // SPEC's line `total` is `amount` now: `total` is the invoice's own total.
    expect(invoice.fields?.find((field) => field.name === 'total')?.type).toBe('number');
  });

  it.each(Object.entries(RECORDS))(
    '%s is a record: its fields, line items and rules, which check what exists',
    (key, record) => {
      const template = getTemplate(key as TemplateKey);
      expect(template.fields?.map((field) => field.name)).toEqual(record.fields);
      expect(template.columns.map((column) => column.name)).toEqual(record.columns);
      expect(template.rules ?? []).toEqual(record.rules);
      const parsed = recordDefinitionSchema.safeParse(template);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      for (const field of template.fields ?? [])
        expect(field.description?.length, field.name).toBeGreaterThan(0);
    },
  );

  it('leaves the other templates plain tables, without fields or rules', () => {
    for (const template of TEMPLATES.filter((each) => !(each.key in RECORDS))) {
      expect(template.fields, template.key).toBeUndefined();
      expect(template.rules, template.key).toBeUndefined();
    }
  });

  it('labels the eight converter buttons, Company History and the records', () => {
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
      'Receipt',
      'Bank Statement',
      'Purchase Order',
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
    const typeOf = (key: TemplateKey, name: string) => {
      const template = getTemplate(key);
      return [...(template.fields ?? []), ...template.columns].find((each) => each.name === name)
        ?.type;
    };
    expect(typeOf('transactions', 'date')).toBe('date');
    expect(typeOf('invoice', 'due_date')).toBe('date');
    expect(typeOf('transactions', 'amount')).toBe('number');
    expect(typeOf('products', 'price')).toBe('number');
    expect(typeOf('stockPrice', 'volume')).toBe('number');
    expect(typeOf('companyHistory', 'year')).toBe('number');
    expect(typeOf('stockPerformance', 'dividend_yield')).toBe('number');
    expect(typeOf('invoice', 'invoice_number')).toBe('text');
    expect(typeOf('stockPerformance', 'symbol')).toBe('text');
    expect(typeOf('invoice', 'amount')).toBe('number');
    expect(typeOf('receipt', 'total')).toBe('number');
    expect(typeOf('bankStatement', 'period_end')).toBe('date');
    expect(typeOf('bankStatement', 'opening_balance')).toBe('number');
    expect(typeOf('purchaseOrder', 'delivery_date')).toBe('date');
  });
});

describe('getTemplate', () => {
  it('returns a copy that can be edited without changing the template', () => {
    const copy = getTemplate('invoice');
    copy.columns[0]!.name = 'changed';
    copy.fields![0]!.name = 'changed';
    copy.rules![0] = { type: 'required', name: 'changed' };
    const again = getTemplate('invoice');
    expect(again.columns[0]?.name).toBe('item');
    expect(again.fields?.[0]?.name).toBe('invoice_number');
    expect(again.rules?.[0]?.type).toBe('sum');
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
