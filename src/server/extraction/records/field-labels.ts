// Which labels name a document field, and what kind of value it is. A field is matched to a
// group of labels by its name, then its instructions (header-match.ts scores them, as it does
// for table headers); the group gives the labels printed on invoices and receipts ("Inv #",
// "Amount due", "TOTAL (RM)") and the field's role, which says how its value is chosen.
import type { ColumnDefinition } from '../../../shared/columns';
import { headerTokens, MATCH_THRESHOLD, scoreHeader } from '../extract/header-match';

export type FieldRole =
  | 'total'
  | 'subtotal'
  | 'tax'
  | 'date'
  | 'due_date'
  | 'company'
  | 'customer'
  | 'address'
  | 'identifier'
  | 'currency'
  | 'other';

type LabelGroup = { role: FieldRole; names: string[]; labels: string[] };

const GROUPS: LabelGroup[] = [
  {
    role: 'total',
    names: ['total', 'total amount', 'grand total', 'amount due', 'invoice total', 'amount'],
    labels: [
      'grand total',
      'total due',
      'amount due',
      'balance due',
      'total payable',
      'amount payable',
      'total amount',
      'nett total',
      'net total',
      'total to pay',
      'total incl',
      'total inc',
      'total including',
      'total sales',
      'total',
      'jumlah',
      'gesamtbetrag',
      'summe',
      'total ttc',
      'montant total',
      'importe total',
      'endbetrag',
      'zu zahlen',
      'gesamtsumme',
      'rechnungsbetrag',
      'rechnungssumme brutto',
      'bruttobetrag',
      'należność ogółem',
      'do zapłaty',
    ],
  },
  {
    role: 'subtotal',
    names: ['subtotal', 'sub total', 'net amount', 'net'],
    labels: [
      'subtotal',
      'sub total',
      'total excl',
      'total excluding',
      'net amount',
      'total ht',
      'nettobetrag',
      'zwischensumme',
      'rechnungssumme netto',
      'summe netto',
    ],
  },
  {
    role: 'tax',
    names: ['tax', 'vat', 'gst', 'sales tax', 'tax amount'],
    labels: [
      'tax',
      'vat',
      'gst',
      'sst',
      'sales tax',
      'tax amount',
      'gov tax',
      'mwst',
      'tva',
      'iva',
    ],
  },
  {
    role: 'due_date',
    names: ['due date', 'payment due', 'due'],
    labels: ['due date', 'payment due', 'due by', 'pay by', 'due'],
  },
  {
    role: 'date',
    names: ['date', 'invoice date', 'receipt date', 'issue date', 'bill date', 'transaction date'],
    labels: [
      'invoice date',
      'bill date',
      'receipt date',
      'issue date',
      'date of issue',
      'transaction date',
      'date',
      'dated',
      'tarikh',
      'datum',
      'rechnungsdatum',
      'date de facture',
      'fecha',
      'data wystawienia',
      'order date',
      'order placed',
      'bestelldatum',
    ],
  },
  {
    role: 'currency',
    names: ['currency', 'currency code'],
    labels: ['currency', 'währung', 'devise', 'moneda', 'waluta', 'matawang'],
  },
  {
    role: 'company',
    names: ['company', 'merchant', 'vendor', 'seller', 'supplier', 'store', 'shop', 'business'],
    labels: [
      'company',
      'merchant',
      'vendor',
      'seller',
      'supplier',
      'sold by',
      'from',
      'verkäufer',
      'lieferant',
      'vendeur',
      'fournisseur',
      'sprzedawca',
    ],
  },
  {
    role: 'customer',
    names: ['customer', 'client', 'buyer', 'bill to', 'sold to'],
    labels: [
      'customer',
      'client',
      'bill to',
      'billed to',
      'sold to',
      'ship to',
      'invoice to',
      'invoiced to',
      'to',
      'buyer',
      'kunde',
      'nabywca',
    ],
  },
  {
    role: 'address',
    names: ['address', 'vendor address', 'merchant address', 'company address', 'store address'],
    labels: ['address', 'addr'],
  },
  {
    role: 'identifier',
    names: ['invoice number', 'invoice', 'invoice id', 'bill number', 'receipt number'],
    labels: [
      'invoice number',
      'invoice no',
      'invoice #',
      'inv no',
      'inv #',
      'invoice',
      'bill no',
      'bill number',
      'receipt no',
      'receipt number',
      'receipt #',
      'doc no',
      'document no',
      'slip',
      'order no',
      'order number',
      'rechnungsnummer',
      'rechnung nr',
      'facture no',
      'numero de facture',
      'factura no',
      'faktura nr',
      'numer faktury',
    ],
  },
  {
    role: 'identifier',
    names: ['order number', 'order id', 'order no'],
    labels: [
      'order number',
      'order no',
      'order #',
      'order id',
      'bestellnummer',
      'numer zamówienia',
    ],
  },
  {
    role: 'identifier',
    names: ['customer number', 'customer id', 'customer no', 'account number'],
    labels: [
      'customer number',
      'customer no',
      'customer id',
      'account number',
      'account no',
      'kundennummer',
      'kunden nr',
      'kontonummer',
      'numer klienta',
    ],
  },
];

export type FieldPlan = {
  field: ColumnDefinition;
  role: FieldRole;
  /** Label phrases as word lists (headerTokens), longest first. */
  labels: string[][];
};

const IDENTIFIER_WORDS = new Set(['number', 'id', 'reference', 'ref', 'code']);

function roleByType(field: ColumnDefinition): FieldRole {
  if (field.type === 'date') return 'date';
  const words = headerTokens(field.name);
  return words.some((word) => IDENTIFIER_WORDS.has(word)) || field.name.includes('#')
    ? 'identifier'
    : 'other';
}

/** The field's group: the one whose names score best against its name, then its instructions. */
function groupOf(field: ColumnDefinition): LabelGroup | null {
  for (const text of [field.name, field.description ?? '']) {
    if (text.trim() === '') continue;
    let best: { group: LabelGroup; score: number } | null = null;
    for (const group of GROUPS) {
      for (const name of group.names) {
        const score = scoreHeader(name, text);
        if (score >= MATCH_THRESHOLD && (!best || score > best.score)) best = { group, score };
      }
    }
    if (best) return best.group;
  }
  return null;
}

/** How to look for each field: its role and labels (its own name and short instructions too). */
export function planField(field: ColumnDefinition): FieldPlan {
  const group = groupOf(field);
  const own = [field.name];
  const description = field.description?.trim() ?? '';
  if (description !== '' && description.split(/\s+/).length <= 4) own.push(description);
  const phrases = [...own, ...(group?.labels ?? [])]
    .map((label) => headerTokens(label.toLowerCase().replace('#', ' number ')))
    .filter((words) => words.length > 0);
  const unique = [...new Map(phrases.map((words) => [words.join(' '), words])).values()];
  unique.sort((a, b) => b.length - a.length);
  return { field, role: group?.role ?? roleByType(field), labels: unique };
}

/** A label's words as printed, lowercase and without punctuation ("Inv. No.:" is "inv no"). */
const printedWords = (text: string) =>
  text
    .toLowerCase()
    .replaceAll('#', ' number ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const KNOWN_LABELS = new Set(
  GROUPS.flatMap((group) => [...group.names, ...group.labels]).map(printedWords),
);

/** Whether a cell's text is a label printed on invoices and receipts, and nothing more. */
export function isKnownLabel(text: string): boolean {
  const words = printedWords(text);
  return words !== '' && KNOWN_LABELS.has(words);
}
