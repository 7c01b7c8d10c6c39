import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStatementPdf, statementRow } from '../fixtures/pdf-fixtures';
import { runRowsmith } from '../support/rowsmith-process';
import { serveWithAccount, type ServedAccount } from '../support/served-account';

// `rowsmith` as users run it after `npm run build` (vitest builds it first): every TypeScript
// module loaded in the process or its threads fails the run (tests/support/refuse-typescript.mjs).
const JAVASCRIPT_ONLY = {
  NODE_OPTIONS: `--import ${join(import.meta.dirname, '..', 'support', 'refuse-typescript.mjs')}`,
};

describe('the compiled command line and server', () => {
  let dir: string;
  let pdfPath: string;
  let served: ServedAccount;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rowsmith-compiled-'));
    pdfPath = join(dir, 'statement.pdf');
    writeFileSync(pdfPath, await makeStatementPdf());
    served = await serveWithAccount(dir, JAVASCRIPT_ONLY);
  });

  afterAll(async () => {
    await served?.server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('extracts a PDF, read in a reading thread, with no TypeScript loaded', async () => {
    const result = await runRowsmith(
      ['extract', pdfPath, '--columns', 'date:date,description,amount:number'],
      { env: JAVASCRIPT_ONLY },
    );
    expect(result.stderr).not.toContain('TypeScript loaded');
    expect(result.code).toBe(0);
    const [date, description] = statementRow(0);
    expect(result.stdout).toContain(`${date},${description}`);
  });

  it('serves a job and writes its workbook in an export thread, with no TypeScript loaded', async () => {
    const headers = { authorization: `Bearer ${served.key}`, 'content-type': 'application/json' };
    const accepted = await fetch(`${served.origin}/api/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        columns: [{ name: 'name' }, { name: 'price', type: 'number' }],
        inputs: [{ text: '| Name | Price |\n| --- | --- |\n| Apple | 1.20 |\n| Pear | 2.50 |\n' }],
      }),
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: string };

    let finished: string | null = null;
    for (let tries = 0; tries < 60 && !finished; tries += 1) {
      const job = (await (await fetch(`${served.origin}/api/jobs/${id}`, { headers })).json()) as {
        finished_at: string | null;
      };
      finished = job.finished_at;
      if (!finished) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(finished).not.toBeNull();

    const download = await fetch(`${served.origin}/api/jobs/${id}/result?format=xlsx`, {
      headers,
    });
    expect(download.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).values).toEqual([undefined, '| Name | Price |', 'Apple', 1.2]);
    expect(served.server.output.join('')).not.toContain('TypeScript loaded');
  });
});
