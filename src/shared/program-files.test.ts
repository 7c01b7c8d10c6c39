import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './errors';
import { PROGRAM_FILE_MESSAGE, programFileMessage, programKindOf } from './program-files';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

/** A minimal Windows program: the DOS header, its pointer at 0x3C, and "PE\0\0" there. */
function windowsProgram(): Uint8Array {
  const file = new Uint8Array(512);
  file.set([0x4d, 0x5a], 0);
  new DataView(file.buffer).setUint32(0x3c, 0x80, true);
  file.set([0x50, 0x45, 0, 0], 0x80);
  return file;
}

describe('programKindOf', () => {
  it('knows the executable formats by their first bytes', () => {
    expect(programKindOf(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0))).toBe('linux');
    expect(programKindOf(windowsProgram())).toBe('windows');
    expect(programKindOf(bytes(0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1))).toBe('mac');
    expect(programKindOf(bytes(0xfe, 0xed, 0xfa, 0xce, 0, 0, 0, 18))).toBe('mac');
    expect(programKindOf(bytes(0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0))).toBe('webassembly');
    expect(programKindOf(text('dex\n035\0'))).toBe('android');
  });

  it('tells a macOS universal program from a Java class, which start alike', () => {
    expect(programKindOf(bytes(0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2))).toBe('mac');
    expect(programKindOf(bytes(0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61))).toBe('java');
  });

  it('leaves documents alone, text that starts with "MZ" too', () => {
    expect(programKindOf(text('%PDF-1.7\n'))).toBeNull();
    expect(
      programKindOf(text('MZ Logistics,2026-03-01,1200.00\nMZ Logistics,2026-03-02,80.00\n')),
    ).toBeNull();
    expect(programKindOf(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(programKindOf(new Uint8Array(0))).toBeNull();
    expect(programKindOf(bytes(0x4d))).toBeNull();
    expect(programKindOf(text('dex\nA list whose first line is a word.'))).toBeNull();
  });
});

describe('programFileMessage', () => {
  it('says what the server says (its copy keeps errors.ts out of the browser’s check)', () => {
    expect(ERROR_CATALOGUE.FILE_IS_PROGRAM.message).toBe(PROGRAM_FILE_MESSAGE);
  });

  it('names the file and the kind of program, then what is supported', () => {
    expect(programFileMessage('report.pdf', 'linux', 'Supported files: PDF.')).toBe(
      'This file is a program, not a document: report.pdf is a Linux program (ELF). Supported files: PDF.',
    );
    expect(programFileMessage(null, 'windows', '')).toBe(
      'This file is a program, not a document: it is a Windows program (.exe or .dll).',
    );
  });
});
