import type { ColumnType } from './column-types';
import type { ColumnDefinition } from './columns';
import type { Rule } from './records';

/** The nine column templates of SPEC.md section 3, in the order of its list. */
export const TEMPLATE_KEYS = [
  'events',
  'companies',
  'products',
  'articles',
  'companyHistory',
  'transactions',
  'invoice',
  'stockPrice',
  'stockPerformance',
] as const;

export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export type Template = {
  key: TemplateKey;
  label: string;
  columns: ColumnDefinition[];
  /** A record's own fields (one value per document), beside its line-item columns. */
  fields?: ColumnDefinition[];
  /** Rules checked across the fields and columns of each document. */
  rules?: Rule[];
};

function column(name: string, type: ColumnType, description: string): ColumnDefinition {
  return { name, type, description };
}

const EVENTS: Template = {
  key: 'events',
  label: 'Events',
  columns: [
    column('event', 'text', 'Name or title of the event'),
    column('date', 'date', 'Date the event happened or takes place'),
    column('description', 'text', 'Short summary of the event'),
  ],
};

const COMPANIES: Template = {
  key: 'companies',
  label: 'Companies',
  columns: [
    column('company', 'text', 'Company name'),
    column('year', 'number', 'Year founded or the year the figures refer to'),
    column('valuation', 'number', 'Company valuation as a plain number'),
    column('description', 'text', 'What the company does'),
  ],
};

const PRODUCTS: Template = {
  key: 'products',
  label: 'Products',
  columns: [
    column('product', 'text', 'Product name'),
    column('price', 'number', 'Price as a plain number, without the currency sign'),
    column('category', 'text', 'Product category or type'),
    column('description', 'text', 'Short description of the product'),
  ],
};

const ARTICLES: Template = {
  key: 'articles',
  label: 'Articles',
  columns: [
    column('title', 'text', 'Headline or title of the article'),
    column('date', 'date', 'Publication date'),
    column('author', 'text', 'Author or byline'),
    column('content', 'text', 'Body text or a summary of it'),
  ],
};

const COMPANY_HISTORY: Template = {
  key: 'companyHistory',
  label: 'Company History',
  columns: [
    column('year', 'number', 'Year of the milestone'),
    column('milestone', 'text', 'What happened that year'),
    column('valuation', 'number', 'Valuation at that time as a plain number'),
  ],
};

const TRANSACTIONS: Template = {
  key: 'transactions',
  label: 'Transactions',
  columns: [
    column('date', 'date', 'Date the transaction was made or posted'),
    column('description', 'text', 'Payee, merchant or transaction details'),
    column('amount', 'number', 'Amount; negative for money going out'),
    column('type', 'text', 'Debit or credit, or the transaction kind'),
    column('category', 'text', 'Spending or income category'),
    column('balance', 'number', 'Account balance after the transaction'),
  ],
};

const INVOICE: Template = {
  key: 'invoice',
  label: 'Invoice',
  columns: [
    column('invoice_number', 'text', 'Invoice number or reference'),
    column('date', 'date', 'Invoice (issue) date'),
    column('due_date', 'date', 'Date payment is due'),
    column('item', 'text', 'Line item description'),
    column('quantity', 'number', 'Quantity of the line item'),
    column('unit_price', 'number', 'Price per unit'),
    column('total', 'number', 'Line total (quantity times unit price)'),
  ],
};

const STOCK_PRICE: Template = {
  key: 'stockPrice',
  label: 'Stock Price',
  columns: [
    column('date', 'date', 'Trading day'),
    column('symbol', 'text', 'Ticker symbol'),
    column('open', 'number', 'Opening price'),
    column('high', 'number', 'Highest price of the day'),
    column('low', 'number', 'Lowest price of the day'),
    column('close', 'number', 'Closing price'),
    column('volume', 'number', 'Number of shares traded'),
  ],
};

const STOCK_PERFORMANCE: Template = {
  key: 'stockPerformance',
  label: 'Stock Performance',
  columns: [
    column('company', 'text', 'Company name'),
    column('symbol', 'text', 'Ticker symbol'),
    column('period', 'text', 'Period the return covers, e.g. 1Y or YTD'),
    column('return', 'number', 'Return over the period, in percent'),
    column('market_cap', 'number', 'Market capitalisation as a plain number'),
    column('pe_ratio', 'number', 'Price-to-earnings ratio'),
    column('dividend_yield', 'number', 'Dividend yield, in percent'),
  ],
};

export const TEMPLATES: readonly Template[] = [
  EVENTS,
  COMPANIES,
  PRODUCTS,
  ARTICLES,
  COMPANY_HISTORY,
  TRANSACTIONS,
  INVOICE,
  STOCK_PRICE,
  STOCK_PERFORMANCE,
];

export function isTemplateKey(key: string): key is TemplateKey {
  return (TEMPLATE_KEYS as readonly string[]).includes(key);
}

/** The template with this key, with fresh column objects the caller may change. */
export function getTemplate(key: TemplateKey): Template {
  const template = TEMPLATES.find((candidate) => candidate.key === key);
  if (!template) throw new RangeError(`Unknown template: ${key}`);
  return { ...template, columns: template.columns.map((definition) => ({ ...definition })) };
}

/**
 * Header synonyms per template column name, lower case, for the offline extractor's
 * header matching. Each list starts with the column name itself written as words.
 */
export const TEMPLATE_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  event: ['event', 'event name', 'name', 'title', 'occasion'],
  date: ['date', 'transaction date', 'posted', 'posting date', 'day', 'trade date', 'published'],
  description: ['description', 'details', 'narrative', 'memo', 'particulars', 'summary', 'about'],
  company: ['company', 'company name', 'name', 'organisation', 'organization', 'firm', 'issuer'],
  year: ['year', 'founded', 'fiscal year', 'fy'],
  valuation: ['valuation', 'value', 'worth', 'valued at'],
  product: ['product', 'product name', 'name', 'item', 'sku', 'model'],
  price: ['price', 'cost', 'unit price', 'msrp', 'retail price'],
  category: ['category', 'class', 'group', 'segment', 'department'],
  title: ['title', 'headline', 'heading', 'name', 'subject'],
  author: ['author', 'by', 'byline', 'writer', 'written by'],
  content: ['content', 'body', 'text', 'article', 'summary'],
  milestone: ['milestone', 'event', 'achievement', 'description'],
  amount: ['amount', 'value', 'sum', 'debit/credit', 'transaction amount', 'money in/out'],
  type: ['type', 'transaction type', 'dr/cr', 'kind', 'method'],
  balance: ['balance', 'running balance', 'closing balance', 'available balance'],
  invoice_number: [
    'invoice number',
    'invoice no',
    'invoice #',
    'invoice',
    'inv no',
    'number',
    'reference',
  ],
  due_date: ['due date', 'payment due', 'due', 'due by', 'pay by'],
  item: ['item', 'description', 'product', 'service', 'line item', 'article'],
  quantity: ['quantity', 'qty', 'units', 'count', 'hours'],
  unit_price: ['unit price', 'price', 'rate', 'unit cost', 'price per unit'],
  total: ['total', 'amount', 'line total', 'subtotal', 'net amount'],
  symbol: ['symbol', 'ticker', 'ticker symbol', 'code', 'stock'],
  open: ['open', 'opening', 'opening price', 'open price'],
  high: ['high', 'day high', 'high price', 'max'],
  low: ['low', 'day low', 'low price', 'min'],
  close: ['close', 'closing price', 'close price', 'last', 'adj close', 'price'],
  volume: ['volume', 'vol', 'shares traded', 'turnover'],
  period: ['period', 'timeframe', 'time frame', 'horizon', 'duration'],
  return: ['return', 'performance', 'change', 'change %', 'gain', 'ytd return', 'total return'],
  market_cap: ['market cap', 'market capitalisation', 'market capitalization', 'mkt cap', 'cap'],
  pe_ratio: ['pe ratio', 'p/e', 'p/e ratio', 'pe', 'price/earnings', 'price to earnings'],
  dividend_yield: ['dividend yield', 'yield', 'div yield', 'dividend %', 'dividend'],
};
