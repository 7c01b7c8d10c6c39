import { loadImage, createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentResult } from '../../../shared/extraction';
import type { Job, JobAccepted } from '../../../shared/jobs';
import type { EvidenceBox } from '../../../shared/review';
import { makeInvoicePdf } from '../../../../tests/fixtures/pdf-fixtures';
import { browserFor, signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { waitForJobEnd } from '../../../../tests/support/test-jobs';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { createLogger } from '../../logger';
import { sweepJobs } from './sweep-jobs';

const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'total', type: 'number' },
];

async function runInvoice(user: Browser): Promise<Job> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(await makeInvoicePdf())], 'invoice.pdf'));
  form.set('request', JSON.stringify({ columns: COLUMNS }));
  const accepted = (await (await user.request('/api/jobs', { form })).json()) as JobAccepted;
  return waitForJobEnd(user, accepted.id);
}

async function resultOf(user: Browser, job: Job): Promise<DocumentResult> {
  const path = `/api/jobs/${job.id}/documents/${job.documents[0]!.id}/result`;
  return (await (await user.request(path)).json()) as DocumentResult;
}

/** How much of a region of the picture is ink (darker than mid grey), 0–1. */
async function inkIn(
  bytes: ArrayBuffer,
  region: { x: number; y: number; width: number; height: number },
) {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(
    Math.round(region.x),
    Math.round(region.y),
    Math.max(1, Math.round(region.width)),
    Math.max(1, Math.round(region.height)),
  );
  let ink = 0;
  for (let i = 0; i < data.length; i += 4)
    if ((data[i]! + data[i + 1]! + data[i + 2]!) / 3 < 128) ink++;
  return ink / (data.length / 4);
}

describe.each(TEST_DATABASES)('page pictures of a job’s documents on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { SIGNUP_CREDITS: '10' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores a PDF’s pages and serves them to the owner, with each value’s box on its words', async () => {
    const user = await signUp(app);
    const job = await runInvoice(user);
    const document = job.documents[0]!;
    const result = await resultOf(user, job);
    expect(result.pages).toEqual([
      {
        page: 1,
        width: 919,
        height: 1300,
        image: `/api/jobs/${job.id}/documents/${document.id}/pages/1`,
      },
    ]);
    expect(await app.storage.list(`pages/${job.id}/`)).toEqual([
      `pages/${job.id}/${document.id}/1.jpg`,
    ]);

    const picture = await user.request(result.pages[0]!.image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('cache-control')).toBe('private, max-age=3600');
    const bytes = await picture.arrayBuffer();

    // The box of "582.00" (the office chairs' total), scaled to the picture, lies on its ink.
    const row = result.rows.findIndex((cells) => cells.item === 'Office chair');
    const box = result.cells[row]?.total?.evidence?.box as EvidenceBox;
    expect(box).toMatchObject({ page: 1, pageWidth: 595, pageHeight: 842 });
    const scale = result.pages[0]!.width / box.pageWidth;
    const onValue = {
      x: box.x * scale,
      y: box.y * scale,
      width: box.width * scale,
      height: box.height * scale,
    };
    expect(await inkIn(bytes, onValue)).toBeGreaterThan(0.08);
    // The same box further down the page, where nothing is printed, holds no ink.
    expect(await inkIn(bytes, { ...onValue, y: onValue.y + 400 * scale })).toBe(0);

    const stranger = await signUp(app);
    expect((await stranger.request(result.pages[0]!.image)).status).toBe(404);
    expect(
      (await user.request(`/api/jobs/${job.id}/documents/${document.id}/pages/2`)).status,
    ).toBe(404);
    const notANumber = await user.request(`/api/jobs/${job.id}/documents/${document.id}/pages/one`);
    expect(notANumber.status).toBe(400);
  });

  it('keeps the pictures of a rerun’s documents, and removes them all with the account', async () => {
    const user = await signUp(app);
    const job = await runInvoice(user);
    const rerun = await user.request(`/api/jobs/${job.id}/rerun`, {
      json: { columns: [{ name: 'item', type: 'text' }] },
    });
    expect(rerun.status).toBe(202);
    const again = await waitForJobEnd(user, ((await rerun.json()) as JobAccepted).id);
    const result = await resultOf(user, again);
    expect(result.pages.map((page) => page.page)).toEqual([1]);
    expect((await user.request(result.pages[0]!.image)).status).toBe(200);

    const deleted = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(await app.storage.list(`pages/${job.id}/`)).toEqual([]);
    expect(await app.storage.list(`pages/${again.id}/`)).toEqual([]);
  });

  it('deletes a visitor’s pictures with the results, a day after the run', async () => {
    const visitor = browserFor(app);
    const job = await runInvoice(visitor);
    const result = await resultOf(visitor, job);
    expect((await visitor.request(result.pages[0]!.image)).status).toBe(200);
    const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    await app.db.updateTable('jobs').set({ created_at: dayAgo }).where('id', '=', job.id).execute();
    expect((await visitor.request(result.pages[0]!.image)).status).toBe(410);
    await sweepJobs({
      db: app.db,
      storage: app.storage,
      logger: createLogger('silent'),
      workerId: 'test-sweep',
    });
    expect(await app.storage.list(`pages/${job.id}/`)).toEqual([]);
  });
});
