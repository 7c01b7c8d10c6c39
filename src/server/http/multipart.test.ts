import { describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../tests/support/app-error';
import { readMultipart } from './multipart';

function formRequest(form: FormData) {
  return new Request('http://localhost/upload', { method: 'POST', body: form });
}

describe('readMultipart', () => {
  it('gives the fields and the files with their names, types and exact bytes', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    const form = new FormData();
    form.set('columns', '[{"name":"date"}]');
    form.append('file', new File([bytes], 'Relevé de compte.pdf', { type: 'application/pdf' }));
    form.append('file', new File(['a,b\n1,2'], 'second.csv', { type: 'text/csv' }));
    const parsed = await readMultipart(formRequest(form));
    expect(parsed.fields.get('columns')).toBe('[{"name":"date"}]');
    expect(
      parsed.files.map(({ field, fileName, mimeType }) => [field, fileName, mimeType]),
    ).toEqual([
      ['file', 'Relevé de compte.pdf', 'application/pdf'],
      ['file', 'second.csv', 'text/csv'],
    ]);
    expect(Buffer.from(parsed.files[0]!.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a body that is not the multipart it claims to be', async () => {
    const request = new Request('http://localhost/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'not a form',
    });
    const error = await appErrorOf(readMultipart(request));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual({ formErrors: ['The upload could not be read.'] });
  });
});
