import { describe, expect, it } from 'vitest';
import { checkFiles } from './check-files';

const SUPPORTED = 'Supported files: PDF, text.';
const elf = () => {
  const bytes = new Uint8Array(512);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  return bytes;
};

describe('checkFiles', () => {
  it('refuses a program by its bytes, named like a document or not named at all', async () => {
    const renamed = new File([elf()], 'statement.pdf', { type: 'application/pdf' });
    const bare = new File([elf()], 'tool');
    const csv = new File(['a,b\n1,2\n'], 'table.csv', { type: 'text/csv' });
    const checked = await checkFiles([csv, renamed, bare], SUPPORTED);
    expect(checked.accepted).toEqual([csv]);
    expect(checked.error).toBe(
      'This file is a program, not a document: statement.pdf is a Linux program (ELF). Supported files: PDF, text.',
    );
    expect((await checkFiles([bare], SUPPORTED)).error).toContain('tool is a Linux program');
  });

  it('still refuses by name and size what is not a program', async () => {
    expect((await checkFiles([new File(['x'], 'old.doc')], SUPPORTED)).error).toBe(
      'Failed to process file: old.doc is not a supported type. Supported files: PDF, text.',
    );
    expect((await checkFiles([new File([], 'empty.txt')], SUPPORTED)).error).toBe(
      'Failed to process file: empty.txt is empty.',
    );
    const text = new File(['MZ Logistics,1200\n'], 'carriers.csv', { type: 'text/csv' });
    expect(await checkFiles([text], SUPPORTED)).toEqual({ accepted: [text], error: undefined });
  });
});
