import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ATTRIBUTE,
  PDF_MAX_BYTES,
  PDF_TOO_LARGE_MESSAGE,
  fileProblem,
  formatFileSize,
  isAcceptedFile,
  isImageFile,
  isPdfFile,
} from './accepted-files';

const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe('accepted files', () => {
  it('offers every type the server reads in the chooser', () => {
    for (const entry of ['.pdf', '.docx', '.png', '.tiff', '.csv', '.tsv', '.xlsx', '.md', '.json'])
      expect(ACCEPT_ATTRIBUTE.split(',')).toContain(entry);
  });

  it('accepts by extension or by declared type', () => {
    expect(isAcceptedFile(file('Statement.PDF', ''))).toBe(true);
    expect(isAcceptedFile(file('image', 'image/png'))).toBe(true);
    expect(isAcceptedFile(file('setup.exe', 'application/x-msdownload'))).toBe(false);
    expect(isAcceptedFile(file('old.doc', 'application/msword'))).toBe(false);
  });

  it('recognises PDFs by type or name', () => {
    expect(isPdfFile(file('x', 'application/pdf'))).toBe(true);
    expect(isPdfFile(file('report.pdf', ''))).toBe(true);
    expect(isPdfFile(file('report.txt', 'text/plain'))).toBe(false);
  });

  it('knows a picture by its type or its name, for the thumbnail', () => {
    expect(isImageFile(file('receipt', 'image/png'))).toBe(true);
    expect(isImageFile(file('scan.TIFF', ''))).toBe(true);
    expect(isImageFile(file('report.pdf', 'application/pdf'))).toBe(false);
  });
});

describe('fileProblem', () => {
  it("refuses a PDF over 10 MB with SPEC.md's message", () => {
    expect(PDF_TOO_LARGE_MESSAGE).toBe('PDF file is too large. Maximum size is 10MB.');
    expect(fileProblem(file('big.pdf', 'application/pdf', PDF_MAX_BYTES + 1), '')).toBe(
      PDF_TOO_LARGE_MESSAGE,
    );
    expect(fileProblem(file('ok.pdf', 'application/pdf', PDF_MAX_BYTES), '')).toBeNull();
  });

  it('names an unsupported or empty file and lists what is supported', () => {
    expect(fileProblem(file('a.exe', 'application/x-msdownload'), 'Supported: PDF.')).toBe(
      'Failed to process file: a.exe is not a supported type. Supported: PDF.',
    );
    expect(fileProblem(file('a.txt', 'text/plain', 0), '')).toBe(
      'Failed to process file: a.txt is empty.',
    );
  });
});

describe('formatFileSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatFileSize(820)).toBe('820 B');
    expect(formatFileSize(12_700)).toBe('12.4 KB');
    expect(formatFileSize(3.1 * 1024 * 1024)).toBe('3.1 MB');
  });
});
