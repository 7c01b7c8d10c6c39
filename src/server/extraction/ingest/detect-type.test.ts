import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { detectFileType } from './detect-type';
import { appErrorOf } from '../../../../tests/support/app-error';

const text = (value: string) => new TextEncoder().encode(value);
const png = () => createCanvas(20, 10).toBuffer('image/png');
async function pdf() {
  const document = await PDFDocument.create();
  document.addPage().drawText('Invoice 42');
  return document.save();
}
const cfb = () => {
  const bytes = new Uint8Array(1024);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes;
};

describe('detectFileType', () => {
  it('knows binary formats by their bytes, whatever the declared type', async () => {
    expect(
      await detectFileType({
        bytes: await pdf(),
        fileName: 'invoice.pdf',
        declaredMime: 'text/plain',
      }),
    ).toMatchObject({ reader: 'pdf', fileType: 'pdf' });
    expect(await detectFileType({ bytes: png(), fileName: null })).toMatchObject({
      reader: 'image',
      fileType: 'image',
      mimeType: 'image/png',
    });
  });

  it('accepts an image whose name gives another image format', async () => {
    expect(await detectFileType({ bytes: png(), fileName: 'photo.jpg' })).toMatchObject({
      mimeType: 'image/png',
    });
  });

  it('tells text formats apart by name, declared type and content', async () => {
    expect((await detectFileType({ bytes: text('a,b\n1,2'), fileName: 'data.csv' })).reader).toBe(
      'csv',
    );
    expect(
      (await detectFileType({ bytes: text('a\tb\n1\t2'), fileName: 'data.tsv' })).mimeType,
    ).toBe('text/tab-separated-values');
    expect((await detectFileType({ bytes: text('[{"a":1}]'), fileName: null })).reader).toBe(
      'json',
    );
    expect(
      (
        await detectFileType({
          bytes: text('<!DOCTYPE html><html><body>x</body></html>'),
          fileName: 'page',
        })
      ).fileType,
    ).toBe('html');
    expect((await detectFileType({ bytes: text('# Notes'), fileName: 'notes.md' })).mimeType).toBe(
      'text/markdown',
    );
    expect(
      (await detectFileType({ bytes: text('plain words'), fileName: 'notes.txt' })).reader,
    ).toBe('text');
  });

  it('refuses a mislabelled file and lists what is supported', async () => {
    const error = await appErrorOf(
      detectFileType({ bytes: text('just text'), fileName: 'report.pdf' }),
    );
    expect(error.code).toBe('FILE_TYPE_MISMATCH');
    expect(error.message).toContain('report.pdf is named like a PDF but its content is text');
    expect(error.message).toContain('Supported files: PDF, Word (.docx), images');
    expect(
      (await appErrorOf(detectFileType({ bytes: await pdf(), fileName: 'sheet.xlsx' }))).code,
    ).toBe('FILE_TYPE_MISMATCH');
  });

  it('refuses old Office files with advice, and unknown binary content', async () => {
    const old = await appErrorOf(detectFileType({ bytes: cfb(), fileName: 'budget.xls' }));
    expect(old.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(old.message).toContain('save it as .docx or .xlsx');
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    const unknown = await appErrorOf(detectFileType({ bytes: random, fileName: 'mystery.bin' }));
    expect(unknown.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(unknown.message).toContain('mystery.bin is a .bin file, which is not supported.');
    expect(unknown.message).toContain('Supported files:');
    const nameless = await appErrorOf(detectFileType({ bytes: random, fileName: null }));
    expect(nameless.message).toContain('The file is a file of a kind we cannot recognise');
    const zip = await appErrorOf(
      detectFileType({
        bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(60).fill(0)]),
        fileName: 'archive.zip',
      }),
    );
    expect(zip.code).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('calls a file damaged when its name is a format we read and its bytes are no format', async () => {
    // A JPEG whose first bytes were overwritten, and a PDF cut to noise: damaged, not unsupported.
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    noise.fill(0, 0, 16);
    const named: [string, string][] = [
      ['receipt.jpg', 'an image'],
      ['statement.pdf', 'a PDF'],
      ['report.docx', 'a Word document'],
    ];
    for (const [fileName, claimed] of named) {
      const error = await appErrorOf(detectFileType({ bytes: noise, fileName }));
      expect(error.code).toBe('FILE_PROCESSING_FAILED');
      expect(error.message).toBe(
        `Failed to process file: ${fileName} looks damaged: it is named like ${claimed}, but its content cannot be read as one.`,
      );
      expect(error.message).not.toContain('Supported files');
    }
  });

  it('calls a program a program, whatever its name', async () => {
    const elf = new Uint8Array(256);
    elf.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
    const renamed = await appErrorOf(detectFileType({ bytes: elf, fileName: 'scan.png' }));
    expect(renamed.code).toBe('FILE_IS_PROGRAM');
    expect(renamed.message).toMatch(
      /^This file is a program, not a document: scan\.png is a Linux program \(ELF\)\. Supported files:/,
    );
    const unnamed = await appErrorOf(detectFileType({ bytes: elf, fileName: null }));
    expect(unnamed.message).toContain('not a document: it is a Linux program');
    const deb = text('!<arch>\ndebian-binary   1700000000  0     0     100644  4         `\n2.0\n');
    const packaged = await appErrorOf(detectFileType({ bytes: deb, fileName: 'notes.txt' }));
    expect(packaged.code).toBe('FILE_IS_PROGRAM');
    expect(packaged.message).toContain('notes.txt is a software package for installing programs');
  });

  it('reads text with a "G" where a transport stream has its sync bytes as text', async () => {
    const lines = ['107', 'GERBANG ALAF RESTAURANTS SDN BHD', 'TOTAL 8.70'].join('\n');
    const receipt = `${lines}\n${'.'.repeat(196 - lines.length - 1)}GST SUMMARY\n`;
    for (const sync of [4, 196]) expect(receipt[sync]).toBe('G');
    expect(await detectFileType({ bytes: text(receipt), fileName: 'receipt.txt' })).toMatchObject({
      reader: 'text',
    });
  });

  it('reads text that starts with "MZ" as text', async () => {
    const csv = text('MZ Logistics,2026-03-01,1200.00\n');
    expect(await detectFileType({ bytes: csv, fileName: 'carriers.csv' })).toMatchObject({
      reader: 'csv',
    });
  });
});
