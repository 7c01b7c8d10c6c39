import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { runRowsmith } from '../support/rowsmith-process';

const dir = mkdtempSync(join(tmpdir(), 'rowsmith-cli-extract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statement = join(dir, 'statement.csv');
writeFileSync(
  statement,
  'Transaction Date,Details,Amount (EUR)\n02/01/2026,Coffee,"-3,20"\n03/01/2026,Salary,"2,000.00"\n',
);

/** Offline: no model is configured, whatever this machine's environment says. */
const rowsmith = (args: string[]) =>
  runRowsmith(args, { env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' } });

describe('rowsmith extract', () => {
  it('prints typed rows as JSON for the columns given', async () => {
    const { code, stdout, stderr } = await rowsmith([
      'extract',
      statement,
      '--columns',
      'date:date,description,amount:number',
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { date: '2026-02-01', description: 'Coffee', amount: -3.2 },
      { date: '2026-03-01', description: 'Salary', amount: 2000 },
    ]);
    expect(stderr).toContain('2 rows, status 200, offline');
  });

  it('prints CSV by default and reads a template', async () => {
    const { code, stdout } = await rowsmith(['extract', statement, '--template', 'transactions']);
    expect(code).toBe(0);
    expect(stdout.split('\r\n')[0]).toBe('date,description,amount,type,category,balance');
    // Numbers keep the decimals the statement wrote them with ("-3,20", "2,000.00").
    expect(stdout).toContain('2026-02-01,Coffee,-3.20');
    expect(stdout).toContain('2026-03-01,Salary,2000.00');
    // Standard output goes to programs: no byte order mark.
    expect(stdout.startsWith('date,')).toBe(true);
  });

  it('writes a CSV file with a byte order mark for Excel, or without one when asked', async () => {
    const out = join(dir, 'out.csv');
    const args = ['extract', statement, '--columns', 'date:date,amount:number', '--out', out];
    expect((await rowsmith(args)).code).toBe(0);
    const file = readFileSync(out);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'date,amount',
      '2026-02-01,-3.20',
      '2026-03-01,2000.00',
      '',
    ]);
    expect((await rowsmith([...args, '--no-bom'])).code).toBe(0);
    expect(readFileSync(out).toString('utf8').startsWith('date,amount\r\n')).toBe(true);
  });

  it('writes a typed XLSX file', async () => {
    const out = join(dir, 'out.xlsx');
    const { code } = await rowsmith([
      'extract',
      statement,
      '--columns',
      'date:date,amount:number',
      '--format',
      'xlsx',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(readFileSync(out)).buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'date', 'amount']);
    expect(sheet.getCell('A2').value).toEqual(new Date('2026-02-01T00:00:00Z'));
    expect(sheet.getCell('B3').value).toBe(2000);
    expect(sheet.getCell('B3').numFmt).toBe('0.00');
  });

  it('turns several files into one table whose first column names each row’s file', async () => {
    const second = join(dir, 'second.csv');
    writeFileSync(second, 'Transaction Date,Details,Amount (EUR)\n04/01/2026,Train,"-12,00"\n');
    const broken = join(dir, 'broken.bin');
    writeFileSync(broken, Buffer.from([0, 1, 2, 3, 255, 0, 7]));
    const { code, stdout, stderr } = await rowsmith([
      'extract',
      statement,
      second,
      broken,
      '--columns',
      'date:date,amount:number',
    ]);
    expect(code).toBe(0);
    expect(stdout.split('\r\n')).toEqual([
      'source,date,amount',
      'statement.csv,2026-02-01,-3.20',
      'statement.csv,2026-03-01,2000.00',
      'second.csv,2026-04-01,-12.00',
      '',
    ]);
    expect(stderr).toContain('statement.csv: 2 rows, status 200');
    expect(stderr).toMatch(/broken\.bin: Failed to process file: broken\.bin is/);
  });

  it('explains what is missing (a wrong command line exits 2)', async () => {
    const { code, stderr } = await rowsmith(['extract', statement]);
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: rowsmith extract');
    const blank = await rowsmith(['extract', statement, '--columns', ' , ']);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('At least one valid column name is required');
  });
});

describe('rowsmith suggest', () => {
  it('prints columns ready for --columns', async () => {
    const { code, stdout } = await rowsmith(['suggest', statement]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('transaction_date:date,details:text,amount_eur:number');
  });
});
