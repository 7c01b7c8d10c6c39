import type { ColumnType } from './column-types';
import type { ColumnDefinition } from './columns';
import type { Rule } from './records';

/**
 * The nine templates of SPEC.md section 3, in the order of its list, then the records added by
 * issue 31 (a document's own fields beside its line items).
 */
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
  'receipt',
  'bankStatement',
  'purchaseOrder',
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

// Invoice is a record: SPEC's invoice_number, date and due_date are its fields now, beside the
// line items; the line's own total is `amount`, since `total` is the invoice's.
const INVOICE: Template = {
  key: 'invoice',
  label: 'Invoice',
  fields: [
    column('invoice_number', 'text', 'Invoice number or reference'),
    column('date', 'date', 'Invoice (issue) date'),
    column('due_date', 'date', 'Date payment is due'),
    column('vendor', 'text', 'Company that issued the invoice'),
    column('customer', 'text', 'Customer the invoice is billed to'),
    column('currency', 'text', 'Currency of the amounts, as a code like EUR or USD'),
    column('subtotal', 'number', 'Total before tax'),
    column('tax', 'number', 'Tax amount (VAT, GST, sales tax); 0 when the invoice shows none'),
    column('total', 'number', 'Total to pay, tax included'),
  ],
  columns: [
    column('item', 'text', 'Line item description'),
    column('quantity', 'number', 'Quantity of the line item'),
    column('unit_price', 'number', 'Price per unit'),
    column('amount', 'number', 'Line total (quantity times unit price)'),
  ],
  rules: [
    { type: 'sum', column: 'amount', field: 'subtotal' },
    { type: 'formula', expression: 'subtotal + tax = total' },
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

const RECEIPT: Template = {
  key: 'receipt',
  label: 'Receipt',
  fields: [
    column('merchant', 'text', 'Shop or business the receipt is from'),
    column('date', 'date', 'Date of the purchase'),
    column('address', 'text', 'Address of the shop'),
    column('total', 'number', 'Total paid'),
    column('tax', 'number', 'Tax included in the total (VAT, GST, sales tax)'),
    column('payment', 'text', 'How it was paid: cash, card, or the card type'),
  ],
  columns: [
    column('item', 'text', 'Item bought'),
    column('quantity', 'number', 'How many were bought'),
    column('unit_price', 'number', 'Price per unit'),
    column('amount', 'number', 'Price of the line (quantity times unit price)'),
  ],
};

// A formula names fields only, so the sum of the transactions is a field of its own, net_change,
// which the sum rule holds to the transactions: together the two rules say opening + the
// transactions = closing.
const BANK_STATEMENT: Template = {
  key: 'bankStatement',
  label: 'Bank Statement',
  fields: [
    column('account_holder', 'text', 'Name of the account holder'),
    column('account_number', 'text', 'Account number or IBAN'),
    column('period_start', 'date', 'First day the statement covers'),
    column('period_end', 'date', 'Last day the statement covers'),
    column('opening_balance', 'number', 'Balance at the start of the period'),
    column('closing_balance', 'number', 'Balance at the end of the period'),
    column(
      'net_change',
      'number',
      'Money in minus money out over the period: closing balance minus opening balance',
    ),
  ],
  columns: [
    column('date', 'date', 'Date the transaction was made or posted'),
    column('description', 'text', 'Payee, merchant or transaction details'),
    column('amount', 'number', 'Amount; negative for money going out'),
    column('balance', 'number', 'Account balance after the transaction'),
  ],
  rules: [
    { type: 'sum', column: 'amount', field: 'net_change' },
    { type: 'formula', expression: 'opening_balance + net_change = closing_balance' },
  ],
};

const PURCHASE_ORDER: Template = {
  key: 'purchaseOrder',
  label: 'Purchase Order',
  fields: [
    column('po_number', 'text', 'Purchase order number'),
    column('date', 'date', 'Date the order was placed'),
    column('delivery_date', 'date', 'Date delivery is expected'),
    column('buyer', 'text', 'Company placing the order'),
    column('supplier', 'text', 'Company the goods are ordered from'),
    column('currency', 'text', 'Currency of the amounts, as a code like EUR or USD'),
    column('subtotal', 'number', 'Total before tax'),
    column('tax', 'number', 'Tax amount; 0 when the order shows none'),
    column('total', 'number', 'Order total, tax included'),
  ],
  columns: [
    column('item', 'text', 'Item or service ordered'),
    column('quantity', 'number', 'Quantity ordered'),
    column('unit_price', 'number', 'Price per unit'),
    column('amount', 'number', 'Line total (quantity times unit price)'),
  ],
  rules: [
    { type: 'sum', column: 'amount', field: 'subtotal' },
    { type: 'formula', expression: 'subtotal + tax = total' },
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
  RECEIPT,
  BANK_STATEMENT,
  PURCHASE_ORDER,
];

export function isTemplateKey(key: string): key is TemplateKey {
  return (TEMPLATE_KEYS as readonly string[]).includes(key);
}

/** The template with this key, with fresh column, field and rule objects the caller may change. */
export function getTemplate(key: TemplateKey): Template {
  const template = TEMPLATES.find((candidate) => candidate.key === key);
  if (!template) throw new RangeError(`Unknown template: ${key}`);
  const copy = <T extends object>(items: readonly T[]) => items.map((item) => ({ ...item }));
  return {
    ...template,
    columns: copy(template.columns),
    ...(template.fields ? { fields: copy(template.fields) } : {}),
    ...(template.rules ? { rules: copy(template.rules) } : {}),
  };
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
