import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentResult } from '../../../shared/extraction';
import type { Extractor } from '../../../shared/extractors';
import type {
  Job,
  JobAccepted,
  JobEvent,
  JobResultDocuments,
  JobResultTable,
} from '../../../shared/jobs';
import type { CorrectionsResponse } from '../../../shared/review';
import { browserFor, signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { waitForJobEnd } from '../../../../tests/support/test-jobs';
import { startWebhookReceiver } from '../../../../tests/support/webhook-receiver';

// Records through jobs (issue 31): a job runs each document with its fields and rules; every
// shape of its results carries them; a field can be corrected like a cell; and every correction
// checks the rules again, so fixing one line clears the subtotal's flag.

const FIELDS = [
  { name: 'invoice_number', type: 'text' },
  { name: 'subtotal', type: 'number' },
];
const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];
const RULES = [{ type: 'sum', column: 'amount', field: 'subtotal' }];
/** The lines add up to 96.00 under a subtotal of 106.00: the lamp was 56.00, misprinted 46.00. */
const INVOICE = [
  'Invoice No: INV-2041',
  '',
  '| Item | Amount |',
  '| --- | --- |',
  '| Desk | 50.00 |',
  '| Lamp | 46.00 |',
  '',
  'Subtotal: 106.00',
].join('\n');

type ErrorBody = { error: { code: string; message: string } };

async function runInvoice(browser: Browser, definition: Record<string, unknown>): Promise<Job> {
  const accepted = await browser.request('/api/jobs', {
    json: { ...definition, inputs: [{ text: INVOICE, name: 'invoice.md' }] },
  });
  if (accepted.status !== 202) throw new Error(`job refused: ${await accepted.text()}`);
  return waitForJobEnd(browser, ((await accepted.json()) as JobAccepted).id);
}

async function documentResult(browser: Browser, job: Job): Promise<DocumentResult> {
  const path = `/api/jobs/${job.id}/documents/${job.documents[0]!.id}/result`;
  return (await (await browser.request(path)).json()) as DocumentResult;
}

const correct = (browser: Browser, job: Job, corrections: unknown[]) =>
  browser.request(`/api/jobs/${job.id}/corrections`, { json: { corrections } });

const ruleReasons = (cell: { reasons: { code: string; message: string }[] } | undefined) =>
  (cell?.reasons ?? []).filter((reason) => reason.code === 'RULE_FAILED');

function documentEvents(stream: string): Extract<JobEvent, { type: 'document' }>[] {
  return [...stream.matchAll(/^event: document\ndata: (.*)$/gm)].map(
    (match) => JSON.parse(match[1]!) as Extract<JobEvent, { type: 'document' }>,
  );
}

describe.each(TEST_DATABASES)('records through jobs on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { ALLOW_PRIVATE_URLS: 'true' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs each document with the fields and rules, and its result, job JSON, review and events carry them', async () => {
    const user = await signUp(app);
    const job = await runInvoice(user, { fields: FIELDS, columns: COLUMNS, rules: RULES });
    expect(job.status).toBe('succeeded');
    expect(job).toMatchObject({ fields: FIELDS, columns: COLUMNS, rules: RULES });

    const result = await documentResult(user, job);
    expect(result.fieldDefinitions).toEqual(FIELDS);
    expect(result.fields).toEqual({ invoice_number: 'INV-2041', subtotal: 106 });
    expect(result.rows).toEqual([
      { item: 'Desk', amount: 50 },
      { item: 'Lamp', amount: 46 },
    ]);
    expect(result.fieldCells.subtotal?.evidence).not.toBeNull();
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]).toMatchObject({ rule: RULES[0], passed: false });
    expect(result.checks[0]?.message).toContain('96.00');
    expect(result.checks[0]?.message).toContain('106.00');
    // The failed sum flags the subtotal and the amounts, in words a person understands.
    expect(result.fieldCells.subtotal?.flagged).toBe(true);
    expect(ruleReasons(result.fieldCells.subtotal)[0]?.message).toBe(result.checks[0]?.message);
    expect(result.cells[1]?.amount?.flagged).toBe(true);
    // Review counts fields beside cells, in the document and in the job.
    expect(result.review.total).toBe(6);
    expect(job.review).toEqual(result.review);
    expect(job.documents[0]?.review).toEqual(result.review);

    // The job's JSON: flat by default (the fields beside each line), one record per document asked.
    const flat = (await (
      await user.request(`/api/jobs/${job.id}/result?format=json`)
    ).json()) as JobResultTable;
    expect(flat.rows[1]).toMatchObject({ invoice_number: 'INV-2041', subtotal: 106, amount: 46 });
    expect(flat.review).toEqual(result.review);
    const records = (await (
      await user.request(`/api/jobs/${job.id}/result?format=json&shape=documents`)
    ).json()) as JobResultDocuments;
    expect(records.documents).toEqual([
      {
        document_id: job.documents[0]!.id,
        source: 'invoice.md',
        fields: result.fields,
        fieldCells: result.fieldCells,
        rows: result.rows,
        cells: result.cells,
        checks: result.checks,
      },
    ]);

    // The job's events send the document's fields beside its rows.
    const stream = await (await user.request(`/api/jobs/${job.id}/events`)).text();
    const [event] = documentEvents(stream);
    expect(event?.fields).toEqual({ invoice_number: 'INV-2041', subtotal: 106 });
    expect(event?.rows).toHaveLength(2);
  });

  it('tells the webhook the job with its fields, rules and a review that counts fields', async () => {
    const receiver = await startWebhookReceiver([]);
    try {
      const user = await signUp(app);
      const definition = { fields: FIELDS, columns: COLUMNS, rules: RULES };
      const job = await runInvoice(user, { ...definition, webhook_url: receiver.url });
      for (let attempt = 0; attempt < 200 && receiver.deliveries.length === 0; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const payload = JSON.parse(receiver.deliveries[0]!.body) as { data: Job };
      expect(payload.data).toMatchObject({ id: job.id, ...definition, review: job.review });
      const result = await documentResult(user, job);
      expect(payload.data.review).toEqual(result.review);
    } finally {
      await receiver.close();
    }
  });

  it('corrects a field like a cell, and a line correction that makes the sum agree clears the flags', async () => {
    const user = await signUp(app);
    const job = await runInvoice(user, { fields: FIELDS, columns: COLUMNS, rules: RULES });
    const documentId = job.documents[0]!.id;
    const before = await documentResult(user, job);

    const renamed = await correct(user, job, [
      { document_id: documentId, field: 'invoice_number', value: 'INV-2042' },
    ]);
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const made = (await renamed.json()) as CorrectionsResponse;
    expect(made.corrections[0]).toMatchObject({
      document_id: documentId,
      field: 'invoice_number',
      row: null,
      column: null,
      value: 'INV-2042',
      old_value: 'INV-2041',
    });
    expect(made.review.edited).toBe(1);
    const renamedResult = await documentResult(user, job);
    expect(renamedResult.fields.invoice_number).toBe('INV-2042');
    expect(renamedResult.fieldCells.invoice_number).toMatchObject({
      confidence: 1,
      flagged: false,
      edited: true,
      correction: { id: made.corrections[0]!.id, old_value: 'INV-2041' },
    });
    // The sum still fails: the subtotal stays flagged.
    expect(renamedResult.checks[0]?.passed).toBe(false);
    expect(renamedResult.fieldCells.subtotal?.flagged).toBe(true);

    // The lamp was 56.00: now the lines add up to the subtotal, and no cell is flagged for it.
    const fixed = (await (
      await correct(user, job, [{ document_id: documentId, row: 1, column: 'amount', value: 56 }])
    ).json()) as CorrectionsResponse;
    const fixedResult = await documentResult(user, job);
    expect(fixedResult.checks[0]?.passed).toBe(true);
    expect(fixedResult.fieldCells.subtotal?.flagged).toBe(false);
    expect(ruleReasons(fixedResult.fieldCells.subtotal)).toEqual([]);
    expect(ruleReasons(fixedResult.cells[0]?.amount)).toEqual([]);
    expect(fixedResult.review.flagged).toBeLessThan(before.review.flagged);
    expect(fixed.review).toEqual({ ...fixedResult.review });
    const listed = (await (await user.request(`/api/jobs/${job.id}`)).json()) as Job;
    expect(listed.review).toEqual(fixedResult.review);
    // The job's records carry the corrections and the checks as they now stand.
    const records = (await (
      await user.request(`/api/jobs/${job.id}/result?format=json&shape=documents`)
    ).json()) as JobResultDocuments;
    expect(records.documents[0]).toMatchObject({
      fields: { invoice_number: 'INV-2042', subtotal: 106 },
      fieldCells: fixedResult.fieldCells,
      checks: fixedResult.checks,
    });
    expect(records.documents[0]?.rows[1]?.amount).toBe(56);

    // Undoing the line's correction brings the failed check and its flags back.
    const lineCorrection = fixed.corrections.find((correction) => correction.row === 1)!;
    const undone = await user.request(`/api/jobs/${job.id}/corrections/${lineCorrection.id}`, {
      method: 'DELETE',
    });
    expect(undone.status).toBe(200);
    const again = await documentResult(user, job);
    expect(again.checks[0]?.passed).toBe(false);
    expect(again.fieldCells.subtotal?.flagged).toBe(true);
    expect(again.fields.invoice_number).toBe('INV-2042');

    // Accepting the subtotal as it is: the flag goes, the reason stays, nothing is edited.
    await correct(user, job, [{ document_id: documentId, field: 'subtotal', value: '106.00' }]);
    const accepted = await documentResult(user, job);
    expect(accepted.fieldCells.subtotal).toMatchObject({
      flagged: false,
      edited: false,
      accepted: true,
    });
    expect(ruleReasons(accepted.fieldCells.subtotal)).toHaveLength(1);
  });

  it('refuses a field the job does not have, a value of the wrong type, and a stranger', async () => {
    const owner = await signUp(app);
    const job = await runInvoice(owner, { fields: FIELDS, columns: COLUMNS, rules: RULES });
    const documentId = job.documents[0]!.id;
    const refusal = async (browser: Browser, corrections: unknown[]) => {
      const response = await correct(browser, job, corrections);
      return { status: response.status, ...((await response.json()) as ErrorBody).error };
    };
    expect(
      await refusal(owner, [{ document_id: documentId, field: 'total', value: 1 }]),
    ).toMatchObject({
      status: 400,
      code: 'CORRECTION_FIELD_NOT_FOUND',
      message: 'There is no field "total" in this job. Its fields: "invoice_number", "subtotal".',
      details: { correction: 0 },
    });
    expect(
      await refusal(owner, [{ document_id: documentId, field: 'subtotal', value: 'lots' }]),
    ).toMatchObject({
      status: 400,
      code: 'CORRECTION_VALUE_INVALID',
      message: expect.stringContaining('The field "subtotal" holds a number') as unknown,
    });
    const both = { document_id: documentId, field: 'subtotal', row: 0, column: 'amount', value: 1 };
    expect(await refusal(owner, [both])).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });

    const made = (await (
      await correct(owner, job, [{ document_id: documentId, field: 'subtotal', value: 96 }])
    ).json()) as CorrectionsResponse;
    for (const stranger of [await signUp(app), browserFor(app)]) {
      const field = { document_id: documentId, field: 'subtotal', value: 1 };
      expect(await refusal(stranger, [field])).toMatchObject({
        status: 404,
        code: 'JOB_NOT_FOUND',
      });
      const undo = await stranger.request(
        `/api/jobs/${job.id}/corrections/${made.corrections[0]!.id}`,
        { method: 'DELETE' },
      );
      expect(undo.status).toBe(404);
    }
    expect((await documentResult(owner, job)).fields.subtotal).toBe(96);
  });

  it('saves an extractor of fields only, whose runs, reruns and template use its fields and rules', async () => {
    const user = await signUp(app);
    const fieldsOnly = { fields: FIELDS, rules: [{ type: 'required', name: 'invoice_number' }] };
    const created = await user.request('/api/extractors', {
      json: { name: 'Invoice header', ...fieldsOnly },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const extractor = (await created.json()) as Extractor;
    expect(extractor).toMatchObject({ columns: [], ...fieldsOnly });

    const job = await runInvoice(user, { template: extractor.id });
    expect(job).toMatchObject({ columns: [], ...fieldsOnly });
    const result = await documentResult(user, job);
    expect(result.fields).toEqual({ invoice_number: 'INV-2041', subtotal: 106 });
    expect(result.checks).toEqual([
      expect.objectContaining({ rule: fieldsOnly.rules[0], passed: true }),
    ]);

    // An edit keeps what is sent; nothing named at all, or a rule naming nothing, is refused.
    const edited = await user.request(`/api/extractors/${extractor.id}`, {
      method: 'PUT',
      json: { name: 'Invoice header', fields: FIELDS, columns: COLUMNS, rules: RULES },
    });
    expect(((await edited.json()) as Extractor).rules).toEqual(RULES);
    for (const body of [
      { name: 'Nothing' },
      { name: 'Nothing', fields: [], columns: [{ name: ' ' }] },
      { name: 'Wrong rule', fields: FIELDS, rules: [{ type: 'sum', column: 'x', field: 'y' }] },
    ]) {
      const refused = await user.request('/api/extractors', { json: body });
      expect(refused.status).toBe(400);
    }

    // A rerun takes new fields and rules beside the columns.
    const rerun = await user.request(`/api/jobs/${job.id}/rerun`, {
      json: { fields: FIELDS, columns: COLUMNS, rules: RULES },
    });
    expect(rerun.status, await rerun.clone().text()).toBe(202);
    const again = await waitForJobEnd(user, ((await rerun.json()) as JobAccepted).id);
    expect(again).toMatchObject({ fields: FIELDS, columns: COLUMNS, rules: RULES });
    expect((await documentResult(user, again)).checks[0]?.passed).toBe(false);
  });
});
