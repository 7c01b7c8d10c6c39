import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import { documentFromBlocks } from '../../../../tests/support/documents';
import { readerInput } from '../../../../tests/fixtures/text-fixtures';
import { ocrBlocks } from '../read/ocr-layout';
import { placeWords } from '../read/place-words';
import { readText } from '../read/formats/text';
import type { OcrWord, PlacedWord } from '../read/types';
import { findFields } from './find-fields';
import type { LineDocument } from './field-lines';

async function textDocument(content: string): Promise<LineDocument> {
  return documentFromBlocks((await readText(readerInput(content))).blocks);
}

/**
 * A scanned page as OCR gives it: each line's words where they stand (10 units a character,
 * 30 a line), laid out and placed by the image reader's own steps.
 */
function scannedDocument(lines: string[]): LineDocument {
  const words: OcrWord[] = [];
  lines.forEach((line, row) => {
    for (const match of line.matchAll(/\S+/g)) {
      const x0 = 20 + match.index * 10;
      const y0 = 20 + row * 30;
      words.push({
        text: match[0],
        x0,
        x1: x0 + match[0].length * 10,
        y0,
        y1: y0 + 20,
        baseline: y0 + 16,
        lineHeight: 20,
        confidence: 90,
      });
    }
  });
  const document = documentFromBlocks(ocrBlocks(words, 1, 'image'));
  const placed = words.map((word): PlacedWord => ({
    page: 1,
    ...word,
    confidence: word.confidence ?? null,
  }));
  const layout = placeWords({
    markdown: document.markdown,
    segments: document.segments,
    words: placed,
    pageSizes: [{ page: 1, width: 800, height: 40 + lines.length * 30 }],
  });
  return { ...document, layout };
}

const field = (name: string, type: ColumnDefinition['type'] = 'text', description?: string) => ({
  name,
  type,
  ...(description ? { description } : {}),
});

function values(document: LineDocument, fields: ColumnDefinition[]) {
  const found = findFields({ document, fields });
  return Object.fromEntries(Object.entries(found).map(([name, entry]) => [name, entry.value]));
}

const US_INVOICE = `ACME Office Supply LLC
1200 Market Street, Suite 400
San Francisco, CA 94103
Phone: (415) 555-0199

INVOICE

Invoice No.: INV-2041
Invoice Date: 03/14/2025
Due Date: 04/13/2025
Bill To: Northwind Traders

| Description | Qty | Amount |
| --- | --- | --- |
| Copy paper, 10 reams | 2 | 40.00 |
| Toner cartridge | 1 | 56.00 |

Subtotal: $96.00
Tax (8.5%): $8.16
Total: $104.16
`;

const GERMAN_INVOICE = `# Rechnung

Muster Handwerk GmbH
Hauptstraße 5
10115 Berlin

Rechnungsnummer: 2025-0042
Rechnungsdatum: 03.04.2025

| Pos. | Beschreibung | Betrag |
| --- | --- | --- |
| 1 | Montage | 1.000,00 € |
| 2 | Material | 234,56 € |

Nettobetrag: 1.234,56 €
MwSt. 19 %: 234,57 €
Gesamtbetrag: 1.469,13 €
`;

const UK_RECEIPT = `THE CORNER CAFE
12 High Street
Oxford OX1 4AA
VAT Reg No: GB 123 4567 89

Date: 05/03/2025 14:32

Flat White 3.20
Croissant 2.80

TOTAL
£6.00
Card £6.00
`;

const MALAYSIAN_RECEIPT = [
  'KEDAI MAJU JAYA SDN BHD',
  '(123456-X)',
  'NO 5, JALAN MERDEKA 3',
  '43000 KAJANG, SELANGOR',
  'TEL: 03-8734 1122',
  'TAX INVOICE',
  'Inv #: CS10023          Date: 11/01/2019',
  'ITEM                QTY        AMT',
  'Sugar 1kg             2       5.60',
  'Rice 5kg              1      18.90',
  'Total Qty: 3',
  'TOTAL (RM)                  24.50',
  'CASH                        50.00',
  'CHANGE                      25.50',
];

describe('findFields on an invoice (text)', () => {
  it('reads each field beside its label, typed', async () => {
    const document = await textDocument(US_INVOICE);
    expect(
      values(document, [
        field('invoice_number'),
        field('date', 'date'),
        field('due_date', 'date'),
        field('customer'),
        field('subtotal', 'number'),
        field('tax', 'number'),
        field('total', 'number'),
      ]),
    ).toEqual({
      invoice_number: 'INV-2041',
      date: '2025-03-14',
      due_date: '2025-04-13',
      customer: 'Northwind Traders',
      subtotal: 96,
      tax: 8.16,
      total: 104.16,
    });
  });

  it('takes the vendor from the first prominent line and the address below it', async () => {
    const document = await textDocument(US_INVOICE);
    expect(values(document, [field('vendor'), field('vendor_address')])).toEqual({
      vendor: 'ACME Office Supply LLC',
      vendor_address: '1200 Market Street, Suite 400, San Francisco, CA 94103',
    });
  });

  it('gives each value its evidence in the text', async () => {
    const document = await textDocument(US_INVOICE);
    const found = findFields({
      document,
      fields: [field('total', 'number'), field('date', 'date')],
    });
    const total = found.total?.evidence;
    expect(total && document.markdown.slice(total.start, total.end)).toBe('$104.16');
    expect(found.total?.foundBy).toBe('label');
    const date = found.date?.evidence;
    expect(date && document.markdown.slice(date.start, date.end)).toBe('03/14/2025');
  });
});

describe('findFields on a German invoice (text)', () => {
  it('reads German labels, comma decimals and dates with dots', async () => {
    const document = await textDocument(GERMAN_INVOICE);
    expect(
      values(document, [
        field('invoice_number'),
        field('date', 'date'),
        field('vendor'),
        field('address'),
        field('subtotal', 'number'),
        field('tax', 'number'),
        field('total', 'number'),
      ]),
    ).toEqual({
      invoice_number: '2025-0042',
      date: '2025-04-03',
      vendor: 'Muster Handwerk GmbH',
      address: 'Hauptstraße 5, 10115 Berlin',
      subtotal: 1234.56,
      tax: 234.57,
      total: 1469.13,
    });
  });
});

describe('findFields on a receipt (text)', () => {
  it('reads a value on the line below its label, dates day first where the money says so', async () => {
    const document = await textDocument(UK_RECEIPT);
    expect(
      values(document, [field('merchant'), field('date', 'date'), field('total', 'number')]),
    ).toEqual({ merchant: 'THE CORNER CAFE', date: '2025-03-05', total: 6 });
  });

  it('leaves a field the document does not have empty', async () => {
    const document = await textDocument(UK_RECEIPT);
    const found = findFields({ document, fields: [field('invoice_number')] });
    expect(found.invoice_number).toEqual({ value: null, raw: null, evidence: null, foundBy: null });
  });

  it('finds a field by its instructions when its name is no label', async () => {
    const document = await textDocument('Order No: 7781\nShip via: Courier\n');
    expect(
      values(document, [field('ref', 'text', 'Order No'), field('carrier', 'text', 'Ship via')]),
    ).toEqual({
      ref: '7781',
      carrier: 'Courier',
    });
  });

  it('without a total label, takes what was paid less the change', async () => {
    const document = await textDocument(
      'FRESH MART\nBread 2.50\nMilk 1.95\nCASH 10.00\nCHANGE 5.55\n',
    );
    const found = findFields({ document, fields: [field('total', 'number')] });
    expect(found.total).toMatchObject({
      value: 4.45,
      foundBy: 'payment',
      evidence: { match: 'normalized' },
    });
  });
});

describe('findFields on a scanned receipt (OCR word layout)', () => {
  const document = scannedDocument(MALAYSIAN_RECEIPT);

  it('reads labels and values on one printed line, and the total rather than a count or item', () => {
    expect(
      values(document, [
        field('company'),
        field('address'),
        field('invoice_number'),
        field('date', 'date'),
        field('total', 'number'),
      ]),
    ).toEqual({
      company: 'KEDAI MAJU JAYA SDN BHD',
      address: 'NO 5, JALAN MERDEKA 3, 43000 KAJANG, SELANGOR',
      invoice_number: 'CS10023',
      date: '2019-01-11',
      total: 24.5,
    });
  });

  it('gives the total its box on the page', () => {
    const found = findFields({ document, fields: [field('total', 'number')] });
    expect(found.total?.evidence).toMatchObject({
      page: 1,
      match: 'exact',
      box: { page: 1, x: 300, y: 350, width: 50, height: 20, pageWidth: 800 },
    });
  });

  it.each([
    ['its decimal point', 'TOTAL (RM)                  24 50'],
    ['its first digit, read as a letter', 'TOTAL (RM)                  z4.50'],
  ])('reads a total that lost %s to OCR', (_lost, line) => {
    const lines = [...MALAYSIAN_RECEIPT];
    lines[11] = line;
    const found = findFields({
      document: scannedDocument(lines),
      fields: [field('total', 'number')],
    });
    expect(found.total).toMatchObject({ value: 24.5, evidence: { match: 'normalized' } });
  });

  it('reads no word as a figure: letters are digits only beside a real digit', () => {
    const lines = [...MALAYSIAN_RECEIPT];
    lines[11] = 'TOTAL (RM)                  Bob.50';
    const found = findFields({
      document: scannedDocument(lines),
      fields: [field('total', 'number')],
    });
    expect(found.total?.value).not.toBe(808.5);
  });

  it('mends the legal form OCR misread and leaves the registration number out', () => {
    const lines = ['PASARAYA MURAH SON BHD (654321-K)', ...MALAYSIAN_RECEIPT.slice(2)];
    expect(values(scannedDocument(lines), [field('merchant')])).toEqual({
      merchant: 'PASARAYA MURAH SDN BHD',
    });
  });
});

describe('findFields on any document', () => {
  it('finds nothing in an empty one, without failing', async () => {
    const document = await textDocument('');
    expect(values(document, [field('total', 'number'), field('company')])).toEqual({
      total: null,
      company: null,
    });
  });

  it('reads the text where the word layout covers only part of it', async () => {
    const scanned = scannedDocument(['TOTAL 5.00']);
    const document = { ...(await textDocument(US_INVOICE)), layout: scanned.layout };
    expect(values(document, [field('invoice_number')])).toEqual({ invoice_number: 'INV-2041' });
  });
});

describe('findFields on habits of real invoices and receipts', () => {
  it('reads the date after a number, not the number as a year', async () => {
    const document = await textDocument(
      'Invoice 1002          February 22, 2019\n\nTotal £22.50\n',
    );
    expect(values(document, [field('invoice date', 'date')])).toEqual({
      'invoice date': '2019-02-22',
    });
  });

  it('reads dates written with a point after the day and the month by name, German too', async () => {
    const invoice = await textDocument('Rechnungsnummer: 2019-03\nRechnungsdatum: 8. Mai 2019\n');
    expect(values(invoice, [field('invoice date', 'date')])).toEqual({
      'invoice date': '2019-05-08',
    });
    const order = await textDocument('Bestellung aufgegeben am: 12. August 2020\n');
    expect(values(order, [field('order date', 'date')])).toEqual({ 'order date': '2020-08-12' });
  });

  it('takes the invoice total, not the nothing still due once it was paid', async () => {
    const document = await textDocument(
      'Subtotal $22.50\nTax 0% $0.00\nTotal $22.50\nPaid -$22.50\nTotal Due $0.00\nUSD\n',
    );
    expect(values(document, [field('total', 'number')])).toEqual({ total: 22.5 });
  });

  it('takes the total the payment confirms over a tax summary total below it', async () => {
    const document = await textDocument(
      [
        'TOTAL GST : 14.04',
        'TOTAL : 248.05',
        'CASH : 248.05',
        'CHANGE : 0.00',
        'GST SUMMARY',
        'TAX CODE % AMOUNT GST',
        'SR 6 234.00 14.04',
        'TOTAL : 234.00 14.04',
      ].join('\n'),
    );
    expect(values(document, [field('total', 'number')])).toEqual({ total: 248.05 });
  });
});

describe('findFields on labels and layouts of several countries', () => {
  it('does not take a name ending in "Company" for the company label', async () => {
    const document = await textDocument(
      'Hubdoc Limited\nBank House, 171 Midsummer Boulevard\n\nInvoice 1002\n\nUK Company\nAlan UK\n',
    );
    expect(values(document, [field('vendor')])).toEqual({ vendor: 'Hubdoc Limited' });
  });

  it('reads Polish and German labels for the seller, the total and the numbers', async () => {
    const polish = await textDocument(
      'Faktura nr: F 1234K20/1234/12 Data wystawienia: 2021-01-01\nSprzedawca: Polski Koncern Naftowy ORLEN S.A.\nRazem: 257,59 59,24 316,83\nNależność ogółem: 316,83 PLN\n',
    );
    expect(
      values(polish, [field('invoice number'), field('vendor'), field('total', 'number')]),
    ).toEqual({
      'invoice number': 'F 1234K20/1234/12',
      vendor: 'Polski Koncern Naftowy ORLEN S.A.',
      total: 316.83,
    });
    const german = await textDocument(
      'Kundennummer: 102 0000000\nBestellnummer: 071-4816388-0694813\nRechnungssumme netto 845,00\nzuzüglich 19% MwSt. 160,55\nRechnungssumme brutto 1.005,55\n',
    );
    expect(
      values(german, [field('customer number'), field('order number'), field('total', 'number')]),
    ).toEqual({
      'customer number': '102 0000000',
      'order number': '071-4816388-0694813',
      total: 1005.55,
    });
  });

  it('skips descriptive lines between the name and its address, and stops at the items', async () => {
    const receipt = await textDocument(
      "GERBANG ALAF RESTAURANTS SDN BHD\n(65351-M)\nLICENSEE OF MCDONALD'S\nLEVEL 6, BANGUNAN TH\nNO.3, JALAN SS21/39, 47400 PETALING JAYA\nSELANGOR\nTEL NO. 03-9010-9849\n",
    );
    expect(values(receipt, [field('address')])).toEqual({
      address: 'LEVEL 6, BANGUNAN TH, NO.3, JALAN SS21/39, 47400 PETALING JAYA, SELANGOR',
    });
    const german = await textDocument(
      "Kaiser's Tengelmann GmbH\nLorettostraße 26\n40219 Düsseldorf\n\nEUR\nWurst\n2,92\n",
    );
    expect(values(german, [field('address')])).toEqual({
      address: 'Lorettostraße 26, 40219 Düsseldorf',
    });
  });
});

describe('findFields: the currency', () => {
  const currency = field('currency', 'text', 'Currency of the amounts, as a code like EUR or USD');

  it('is the code the amounts’ sign names, not an amount', async () => {
    const cases: [string, string][] = [
      [GERMAN_INVOICE, 'EUR'],
      [UK_RECEIPT, 'GBP'],
      [MALAYSIAN_RECEIPT.join('\n'), 'MYR'],
      [US_INVOICE, '$'],
    ];
    for (const [content, code] of cases) {
      const found = findFields({ document: await textDocument(content), fields: [currency] });
      expect(found.currency?.value).toBe(code);
    }
  });

  it('takes a labelled code, with its evidence where it is printed', async () => {
    const document = await textDocument('Invoice INV-9\nCurrency: CHF\nTotal: 1’250.00 €\n');
    const found = findFields({ document, fields: [currency] }).currency;
    expect(found?.value).toBe('CHF');
    expect(found?.foundBy).toBe('label');
    const evidence = found?.evidence;
    expect(evidence && document.markdown.slice(evidence.start, evidence.end)).toBe('CHF');
    expect(evidence?.match).toBe('exact');
  });
});

describe('findFields: a row of labels over their values', () => {
  it('takes each value from the cell under its label, not the next label beside it', async () => {
    const document = await textDocument(
      [
        'ACME Office Supplies Ltd.',
        '',
        'Invoice Number      Invoice Date       Due Date        Customer ID',
        'INV-2024-0117       14/03/2024         13/04/2024      C-3381',
        '',
        '| Bill To | Ship To |',
        '| --- | --- |',
        '| Northwind Traders | Northwind Warehouse |',
        '| 4 Queen Street | Unit 9, Trafford Park |',
      ].join('\n'),
    );
    const found = findFields({
      document,
      fields: [
        field('invoice_number'),
        field('invoice_date', 'date'),
        field('due_date', 'date'),
        field('customer_id'),
        field('customer'),
      ],
    });
    expect(found.invoice_number?.value).toBe('INV-2024-0117');
    expect(found.invoice_date?.value).toBe('2024-03-14');
    expect(found.due_date?.value).toBe('2024-04-13');
    expect(found.customer_id?.value).toBe('C-3381');
    // "Customer" of "Customer ID" is not the customer's label; "Bill To" over a name is.
    expect(found.customer?.value).toBe('Northwind Traders');
    const evidence = found.due_date?.evidence;
    expect(evidence && document.markdown.slice(evidence.start, evidence.end)).toBe('13/04/2024');
  });

  it('reads an invoice whose name and title, and whose addresses, stand side by side', async () => {
    const document = await textDocument(
      [
        'Bright Path Consulting LLC                           INVOICE',
        '500 Market St, Suite 200                             DATE: March 5, 2024',
        'San Francisco, CA 94105                              INVOICE #: 1042',
        'Phone (415) 555-0199                                 CUSTOMER ID: GX-88',
        '',
        'BILL TO:                                             SHIP TO:',
        'Globex Corporation                                   Globex Corporation',
        '77 Industrial Way                                    80 Industrial Way',
        'Springfield, IL 62701                                Springfield, IL 62703',
      ].join('\n'),
    );
    const found = findFields({
      document,
      fields: [field('invoice_number'), field('date', 'date'), field('vendor'), field('customer')],
    });
    // "INVOICE #" names the number, not the title "INVOICE" over the street; "CUSTOMER ID: …"
    // is no customer; the name beside the title is the issuer's.
    expect(found.invoice_number?.value).toBe('1042');
    expect(found.date?.value).toBe('2024-03-05');
    expect(found.vendor?.value).toBe('Bright Path Consulting LLC');
    expect(found.customer?.value).toBe('Globex Corporation');
  });

  it('takes the customer under "To:", and never a "to" without its colon', async () => {
    const billed = await textDocument(
      'TAX INVOICE\n\nKoala Web Services Pty Ltd\n\nTo:\nHarbour Bakery\n14 Pier Road\n',
    );
    expect(findFields({ document: billed, fields: [field('customer')] }).customer?.value).toBe(
      'Harbour Bakery',
    );
    const prose = await textDocument('Koala Web Services Pty Ltd\n\nTo be paid within 14 days\n');
    expect(findFields({ document: prose, fields: [field('customer')] }).customer?.value).toBeNull();
  });

  it('still reads a label and its value side by side in a table of pairs', async () => {
    const document = await textDocument(
      ['| Vendor | Bill To |', '| --- | --- |', '| Subtotal | 227.98 |', '| Total | 273.58 |'].join(
        '\n',
      ),
    );
    const found = findFields({
      document,
      fields: [field('subtotal', 'number'), field('total', 'number')],
    });
    expect(found.subtotal?.value).toBe(227.98);
    expect(found.total?.value).toBe(273.58);
  });
});

describe('findFields: the issuer', () => {
  it('is never a table’s header row', async () => {
    const document = await textDocument(
      ['Invoice number: INV-7', '', '| Item | Amount |', '| --- | --- |', '| Paper | 40.00 |'].join(
        '\n',
      ),
    );
    expect(findFields({ document, fields: [field('vendor')] }).vendor?.value).toBeNull();
  });

  it('is the registered name before its number at the top, not the customer below', () => {
    // A bakery's delivery invoice: its name, then its address, then the shop it delivered to.
    const document = scannedDocument([
      'GARDENIA BAKERIES (KL) SDN BHD (139386 X)',
      'Lot 3, Jalan Pelabur 23/1,',
      '40300 Shah Alam, Selangor.',
      'Tel: 03-55423228',
      'TAX INVOICE',
      'MAKASSAR FRESH MARKET SDN BHD',
      'GROUND FLOOR, NO. 4 & 6, JALAN SS 15/48',
      'Total Payable: 19.31',
    ]);
    const found = findFields({ document, fields: [field('company'), field('address')] });
    expect(found.company?.value).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(found.address?.value).toBe('Lot 3, Jalan Pelabur 23/1, 40300 Shah Alam, Selangor.');
  });

  it('is the shop named at the top, not the company a line below its address says owns it', () => {
    const document = scannedDocument([
      'SANYU STATIONERY SHOP',
      'NO. 31G&33G, JALAN SETIA INDAH X, U13/X',
      '40170 SETIA ALAM',
      'Tel: +603-3362 4137',
      'Owned By:',
      'SANYU SUPPLY SDN BHD (1135772-K)',
      'TOTAL 19.00',
    ]);
    expect(findFields({ document, fields: [field('company')] }).company?.value).toBe(
      'SANYU STATIONERY SHOP',
    );
  });
});

describe('findFields: the order of a date', () => {
  it('reads an ambiguous date day first on a receipt whose legal form is in capitals', async () => {
    const document = await textDocument(
      ['TASTE OF THE WORLD SDN BHD', '', 'Date 5/3/2018 22:52:33', 'Total 64.15'].join('\n'),
    );
    expect(findFields({ document, fields: [field('date', 'date')] }).date?.value).toBe(
      '2018-03-05',
    );
  });

  it('reads a date OCR gave no box for, from the text after its label', () => {
    // A real scan: "Date 5/3/2018 22 52 33" read, but the date's word placed nowhere.
    const markdown = 'TASTE OF THE WORLD SDN BHD\nDate 5/3/2018 22 52 33';
    const box = (text: string, x: number, y: number) => {
      const start = markdown.indexOf(text);
      return {
        start,
        end: start + text.length,
        page: 1,
        x,
        y,
        width: text.length * 10,
        height: 18,
        confidence: 90,
      };
    };
    const document: LineDocument = {
      markdown,
      segments: [{ kind: 'paragraph', start: 0, end: markdown.length, page: 1 }],
      layout: {
        pages: [{ page: 1, width: 600, height: 800 }],
        words: [
          box('TASTE', 20, 20),
          box('OF', 80, 20),
          box('THE', 110, 20),
          box('WORLD', 150, 20),
          box('SDN', 210, 20),
          box('BHD', 250, 20),
          box('Date', 20, 60),
          box('22', 240, 60),
          box('52', 280, 60),
          box('33', 320, 60),
        ],
      },
    };
    expect(findFields({ document, fields: [field('date', 'date')] }).date?.value).toBe(
      '2018-03-05',
    );
  });
});
