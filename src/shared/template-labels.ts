import type { TemplateKey } from './templates';

/**
 * Each template's button label, apart from its columns: the converter shows the buttons with the
 * page and loads the columns (templates.ts) when one is pointed at or chosen. templates.ts keeps
 * its own copy (importing this would make it a chunk of its own on the home page);
 * templates.test.ts holds the two together.
 */
export const TEMPLATE_LABELS: Readonly<Record<TemplateKey, string>> = {
  events: 'Events',
  companies: 'Companies',
  products: 'Products',
  articles: 'Articles',
  companyHistory: 'Company History',
  transactions: 'Transactions',
  invoice: 'Invoice',
  stockPrice: 'Stock Price',
  stockPerformance: 'Stock Performance',
  receipt: 'Receipt',
  bankStatement: 'Bank Statement',
  purchaseOrder: 'Purchase Order',
};
