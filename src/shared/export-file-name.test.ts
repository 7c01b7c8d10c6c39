import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  fileNameTime,
  isTimeZone,
  jobExportName,
  sanitizeName,
  sourceName,
} from './export-file-name';

const afternoon = new Date(2026, 10, 25, 14, 32, 59);

describe('exportFileName', () => {
  it('names the file after its source and the minute it was made (issue 20 point 9)', () => {
    expect(
      exportFileName(sourceName({ fileName: 'Statement March.pdf', url: null }), 'csv', afternoon),
    ).toBe('statement-march_2026-11-25_1432.csv');
  });

  it('uses the host of a web page', () => {
    const name = sourceName({ fileName: null, url: 'https://www.example.com/events?x=1' });
    expect(exportFileName(name, 'xlsx', new Date(2026, 0, 5, 9, 7))).toBe(
      'www-example-com_2026-01-05_0907.xlsx',
    );
  });

  it('falls back to "extraction" for pasted text or a name with nothing usable', () => {
    expect(exportFileName(sourceName({ fileName: null, url: null }), 'json', afternoon)).toBe(
      'extraction_2026-11-25_1432.json',
    );
    expect(exportFileName('../../…', 'csv', afternoon)).toBe('extraction_2026-11-25_1432.csv');
  });

  it('tells apart two downloads of the same source a minute apart', () => {
    const later = new Date(afternoon.getTime() + 60_000);
    expect(exportFileName('statement', 'csv', later)).not.toBe(
      exportFileName('statement', 'csv', afternoon),
    );
  });

  it('writes the time in the time zone asked for', () => {
    const instant = new Date('2026-11-25T23:45:00Z');
    expect(exportFileName('x', 'csv', instant, 'UTC')).toBe('x_2026-11-25_2345.csv');
    expect(exportFileName('x', 'csv', instant, 'Europe/Berlin')).toBe('x_2026-11-26_0045.csv');
    expect(fileNameTime(new Date('2026-03-01T00:05:00Z'), 'UTC')).toEqual({
      date: '2026-03-01',
      time: '0005',
    });
  });
});

describe('jobExportName', () => {
  const documents = [
    { name: 'January 2026.pdf', kind: 'file' as const },
    { name: 'https://shop.example.com/prices', kind: 'url' as const },
    { name: 'Invoice 42 from ACME', kind: 'text' as const },
  ];

  it('uses the extractor the job ran with', () => {
    expect(jobExportName({ extractorName: 'Monthly statements', documents })).toBe(
      'Monthly statements',
    );
  });

  it('otherwise names the job after its one document, or its first and how many more', () => {
    expect(jobExportName({ documents: documents.slice(0, 1) })).toBe('january-2026');
    expect(jobExportName({ documents: documents.slice(1, 2) })).toBe('shop-example-com');
    expect(jobExportName({ documents: documents.slice(2) })).toBe('invoice-42-from-acme');
    expect(jobExportName({ extractorName: '…', documents })).toBe('january-2026-and-2-more');
  });
});

describe('sanitizeName', () => {
  it('keeps plain letters and digits, drops accents, path separators and long tails', () => {
    expect(sanitizeName('Relevé_2026/../x')).toBe('releve_2026-x');
    expect(sanitizeName('a'.repeat(100))).toHaveLength(60);
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
