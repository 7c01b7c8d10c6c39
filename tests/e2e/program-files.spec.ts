import { readFileSync } from 'node:fs';
import { chooseFile, openConverter, setColumns } from './support/converter';
import { expect, test } from './support/fixtures';

// Issue 20 point 17: a program renamed as a document (or with no extension) is called a program,
// not ".elf file", by the browser before anything is sent, and by the server for what the
// browser cannot tell.

/** The first 64 KB of the Node.js binary running the tests: a real program of this machine. */
const PROGRAM = readFileSync(process.execPath).subarray(0, 65536);

test('a program renamed as a PDF, or with no extension, is refused as a program before it is sent', async ({
  page,
}) => {
  const converter = await openConverter(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(request.url());
  });
  await chooseFile(page, converter, {
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: PROGRAM,
  });
  const alert = converter.getByRole('alert');
  await expect(alert).toHaveText(
    /^This file is a program, not a document: statement\.pdf is an? \w+ program.*Supported files:/,
  );
  await expect(alert).not.toContainText('.elf');
  await expect(converter.getByRole('group', { name: 'Selected file' })).toHaveCount(0);

  await chooseFile(page, converter, { name: 'tool', mimeType: '', buffer: PROGRAM });
  await expect(alert).toHaveText(
    /^This file is a program, not a document: tool is an? \w+ program/,
  );
  expect(sent.filter((url) => /extractions|jobs|documents/.test(url))).toEqual([]);
});

test('a software package renamed as text is called a program by the server', async ({ page }) => {
  const converter = await openConverter(page);
  const deb = Buffer.from(
    '!<arch>\ndebian-binary   1700000000  0     0     100644  4         `\n2.0\n',
    'latin1',
  );
  await chooseFile(page, converter, { name: 'notes.txt', mimeType: 'text/plain', buffer: deb });
  await expect(converter.getByRole('group', { name: 'Selected file' })).toContainText('notes.txt');
  await setColumns(converter, ['item']);
  await converter.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(converter.getByRole('alert')).toHaveText(
    /^This file is a program, not a document: notes\.txt is a software package for installing programs\./,
  );
  await expect(converter).toContainText('3 of 3 free extractions left');
});
