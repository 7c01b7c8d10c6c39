import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../../src/cli/eval/score-eval';
import { runRowsmith } from '../support/rowsmith-process';

// Records on the command line (issue 31 point 10), offline: an invoice's own fields beside its
// line items, rules across them, the flat and the documents shape, and eval scoring fields. The
// invoice's lines add up to 96.00 under a subtotal of 106.00, the commonest real error.

const dir = mkdtempSync(join(tmpdir(), 'rowsmith-cli-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const invoice = join(dir, 'invoice.md');
writeFileSync(
  invoice,
  [
    'ACME Office Supply LLC',
    '',
    'Invoice No.: INV-2041',
    'Invoice Date: 2025-03-14',
    '',
    '| Item | Qty | Unit price | Amount |',
    '| --- | --- | --- | --- |',
    '| Copy paper | 2 | 20.00 | 40.00 |',
    '| Toner cartridge | 1 | 56.00 | 56.00 |',
    '',
    'Subtotal: 106.00',
    'Tax: 8.16',
    'Total: 114.16',
    '',
  ].join('\n'),
);

const rules = join(dir, 'rules.json');
writeFileSync(
  rules,
  JSON.stringify([
    { type: 'sum', column: 'amount', field: 'subtotal' },
    { type: 'formula', expression: 'subtotal + tax = total' },
  ]),
);

const FIELDS = ['--fields', 'invoice_number,date:date,subtotal:number,tax:number,total:number'];
const COLUMNS = ['--columns', 'item,quantity:number,unit_price:number,amount:number'];
const HEADER = {
  invoice_number: 'INV-2041',
  date: '2025-03-14',
  subtotal: 106,
  tax: 8.16,
  total: 114.16,
};
const SUM_FAILED = 'The line amounts add up to 96.00; the subtotal says 106.00.';

/** Offline: no model is configured, whatever this machine's environment says. */
const rowsmith = (args: string[]) =>
  runRowsmith(args, { env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' } });

describe('rowsmith extract --fields --rules', () => {
  it('prints the flat rows as JSON: each line item with the invoice’s fields, and the failed check', async () => {
    const { code, stdout, stderr } = await rowsmith([
      'extract',
      invoice,
      ...FIELDS,
      ...COLUMNS,
      '--rules',
      rules,
      '--format',
      'json',
    ]);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { ...HEADER, item: 'Copy paper', quantity: 2, unit_price: 20, amount: 40 },
      { ...HEADER, item: 'Toner cartridge', quantity: 1, unit_price: 56, amount: 56 },
    ]);
    expect(stderr).toContain('2 rows, 5 of 5 fields found, status 200');
    expect(stderr).toContain(`Check failed: ${SUM_FAILED}`);
    expect(stderr).not.toContain('subtotal + tax = total');
  });

  it('prints each document apart with --shape documents: fields once, line items, checks', async () => {
    const { code, stdout, stderr } = await rowsmith([
      'extract',
      invoice,
      ...FIELDS,
      ...COLUMNS,
      '--rules',
      rules,
      '--format',
      'json',
      '--shape',
      'documents',
    ]);
    expect(code, stderr).toBe(0);
    const { documents } = JSON.parse(stdout) as {
      documents: {
        source: string;
        fields: Record<string, unknown>;
        fieldCells: Record<string, { flagged: boolean; reasons: { code: string }[] }>;
        rows: Record<string, unknown>[];
        cells: Record<string, { flagged: boolean }>[];
        checks: { passed: boolean; message: string }[];
      }[];
    };
    expect(documents).toHaveLength(1);
    const [document] = documents;
    expect(document?.source).toBe('invoice.md');
    expect(document?.fields).toEqual(HEADER);
    expect(document?.rows).toEqual([
      { item: 'Copy paper', quantity: 2, unit_price: 20, amount: 40 },
      { item: 'Toner cartridge', quantity: 1, unit_price: 56, amount: 56 },
    ]);
    expect(document?.cells).toHaveLength(2);
    expect(document?.checks.map((check) => [check.passed, check.message])).toEqual([
      [false, SUM_FAILED],
      [true, 'subtotal + tax = total holds: both sides come to 114.16.'],
    ]);
    // The failed sum flags the subtotal and the lines it adds up.
    const subtotal = document?.fieldCells.subtotal;
    expect(subtotal?.flagged).toBe(true);
    expect(subtotal?.reasons.map((reason) => reason.code)).toContain('RULE_FAILED');
    expect(document?.cells[0]?.amount?.flagged).toBe(true);
  });

  it('prints one row of fields when no columns are asked for, as CSV', async () => {
    const { code, stdout, stderr } = await rowsmith([
      'extract',
      invoice,
      '--fields',
      'invoice_number,total:number',
    ]);
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('invoice_number,total\r\nINV-2041,114.16\r\n');
  });

  it('runs the Invoice template as a record: its fields, then its line items, and its rules', async () => {
    const { code, stdout, stderr } = await rowsmith([
      'extract',
      invoice,
      '--template',
      'invoice',
      '--format',
      'json',
    ]);
    expect(code, stderr).toBe(0);
    const rows = JSON.parse(stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'invoice_number',
      'date',
      'due_date',
      'vendor',
      'customer',
      'currency',
      'subtotal',
      'tax',
      'total',
      'item',
      'quantity',
      'unit_price',
      'amount',
    ]);
    expect(rows[1]).toMatchObject({ invoice_number: 'INV-2041', item: 'Toner cartridge' });
    expect(stderr).toContain(`Check failed: ${SUM_FAILED}`);
  });
});

describe('rowsmith extract: wrong fields, rules and shapes (exit 2)', () => {
  const wrong = async (args: string[], message: string) => {
    const { code, stderr } = await rowsmith(['extract', invoice, ...args]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: rowsmith extract');
  };
  const rulesFile = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('says which field has a wrong type, and that a field cannot also be a column', async () => {
    await wrong(
      ['--fields', 'total:money'],
      'Field "total" has the type "money"; field types are text, number, date, boolean.',
    );
    await wrong(
      ['--fields', 'total:number', '--columns', 'item,total:number'],
      '“total” is both a field and a column; give them different names.',
    );
  });

  it('names the rule that names no field or column there is', async () => {
    const path = rulesFile('missing.json', '[{"type":"sum","column":"amount","field":"net"}]');
    await wrong(
      [...FIELDS, ...COLUMNS, '--rules', path],
      'Rule 1 (sum): there is no field named “net”.',
    );
  });

  it('says what is wrong in a rules file: not JSON, not a list, a rule that cannot be', async () => {
    await wrong(
      [...FIELDS, '--rules', rulesFile('broken.json', '[{"type": "sum",')],
      `The rules ${join(dir, 'broken.json')} are not JSON`,
    );
    await wrong(
      [...FIELDS, '--rules', rulesFile('object.json', '{"type": "required", "name": "total"}')],
      'should be a JSON list of rules',
    );
    await wrong(
      [
        ...FIELDS,
        '--rules',
        rulesFile(
          'bad.json',
          '[{"type":"required","name":"total"},{"type":"pattern","name":"invoice_number","pattern":"(a+)+"},{"type":"average","column":"amount"}]',
        ),
      ],
      'Rule 2 (pattern): The pattern repeats a group that repeats inside',
    );
    await wrong(
      [...FIELDS, '--rules', rulesFile('type.json', '[{"type":"average","column":"amount"}]')],
      'Rule 1 (average): A rule’s type is one of sum, formula, required, pattern, range, unique.',
    );
    await wrong(
      [...FIELDS, '--rules', join(dir, 'nowhere.json')],
      `Cannot read the rules ${join(dir, 'nowhere.json')}`,
    );
  });

  it('keeps --shape documents to JSON, and asks for something to extract', async () => {
    await wrong([...FIELDS, '--shape', 'documents'], '--shape documents goes with --format json');
    await wrong(
      [...FIELDS, '--shape', 'nested'],
      'Unknown shape "nested"; shapes are flat, documents.',
    );
    await wrong([], 'Say what to extract, with --columns, --fields or --template.');
  });
});

describe('rowsmith eval with fields', () => {
  const reference = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const evaluate = async (path: string, args: string[]) => {
    const { code, stdout, stderr } = await rowsmith([
      'eval',
      invoice,
      '--reference',
      path,
      '--json',
      ...args,
    ]);
    expect(code, stderr).toBe(0);
    return JSON.parse(stdout) as EvalReport;
  };

  it('scores a reference that is the document itself: a row of its fields', async () => {
    const path = reference('fields.csv', 'Invoice number,Date,Total\nINV-2041,14/03/2025,114.17\n');
    const report = await evaluate(path, [...FIELDS, ...COLUMNS]);
    expect(report.rows).toMatchObject({ reference: 1, extracted: 1, matched: 1 });
    expect(report.fields).toEqual(['invoice_number', 'date', 'total']);
    expect(report.columns.map((column) => [column.name, column.right])).toEqual([
      ['invoice_number', 1],
      ['date', 1],
      ['total', 0],
    ]);
  });

  it('scores fields repeated on each line item beside the columns', async () => {
    const path = reference(
      'flat.csv',
      'invoice_number,item,amount\nINV-2041,Copy paper,40.00\nINV-2041,Toner cartridge,56.00\n',
    );
    const report = await evaluate(path, [...FIELDS, ...COLUMNS]);
    expect(report.rows).toMatchObject({ reference: 2, extracted: 2, matched: 2 });
    expect(report.fields).toEqual(['invoice_number']);
    expect(report.cells).toEqual({ cells: 6, right: 6, accuracy: 1 });
  });
});
