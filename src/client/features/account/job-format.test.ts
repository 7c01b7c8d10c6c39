import { describe, expect, it } from 'vitest';
import type { Job, JobDocument } from '../../../shared/jobs';
import {
  cacheWords,
  documentKindLabel,
  documentStatusWords,
  jobStatusWords,
  reviewWords,
  jobTitle,
  openJobPath,
  originWords,
  unreadWords,
} from './job-format';

function document(overrides: Partial<JobDocument> = {}): JobDocument {
  return {
    id: 'd1',
    name: 'invoice.pdf',
    kind: 'file',
    status: 'succeeded',
    status_code: 200,
    message: null,
    rows: 3,
    fallback: null,
    file_type: 'pdf',
    size: 1200,
    started_at: null,
    finished_at: null,
    timings: null,
    review: { total: 3, flagged: 0, edited: 0 },
    usage: { input_tokens: 900, output_tokens: 120, calls: 1, cost: null },
    can_run_again: false,
    from_cache: null,
    ...overrides,
  };
}

function job(documents: JobDocument[], overrides: Partial<Job> = {}): Job {
  return {
    id: 'j1',
    status: 'succeeded',
    columns: [{ name: 'date', type: 'date' }],
    description: null,
    documents,
    documents_total: documents.length,
    documents_done: documents.length,
    rows_total: 3,
    created_at: '2026-03-12T14:05:00.000Z',
    started_at: null,
    finished_at: null,
    review: { total: 3, flagged: 0, edited: 0 },
    usage: { input_tokens: 900, output_tokens: 120, calls: 1, cost: null },
    result_expires_at: null,
    ...overrides,
  };
}

describe('job formatting', () => {
  it('says a run’s status in words, a 207 partial rather than failed', () => {
    expect(documentStatusWords(document())).toEqual({ label: 'Complete', tone: 'success' });
    expect(documentStatusWords(document({ status: 'partial', status_code: 207 }))).toEqual({
      label: 'Partial',
      tone: 'warning',
    });
    expect(documentStatusWords(document({ status: 'failed', status_code: 500 })).label).toBe(
      'Failed',
    );
    expect(documentStatusWords(document({ status: 'reading', status_code: null })).label).toBe(
      'Reading',
    );
  });

  it('reads a one-document job like its run and a batch by its own status', () => {
    const partial = document({ status: 'partial', status_code: 207 });
    expect(jobStatusWords(job([partial], { status: 'partial' })).label).toBe('Partial');
    expect(jobStatusWords(job([document(), partial], { status: 'partial' })).label).toBe('Partial');
    expect(jobStatusWords(job([document()], { status: 'running', documents_done: 0 })).label).toBe(
      'Running',
    );
  });

  it('says what review found and whether deliveries wait for it', () => {
    const review = (flagged: number, edited: number) => ({ total: 10, flagged, edited });
    expect(reviewWords({ review: review(0, 0) })).toBeNull();
    expect(reviewWords({ review: review(1, 0) })).toBe('1 value flagged for review.');
    expect(reviewWords({ review: review(2, 1) })).toBe('2 values flagged for review, 1 corrected.');
    expect(reviewWords({ review: review(2, 0), waiting_for_review: true })).toBe(
      '2 values flagged for review: its reply and webhook go once each flagged value is accepted or corrected.',
    );
    const scheduled = { kind: 'schedule', extractor_id: 'x', url: 'https://example.com' } as const;
    expect(reviewWords({ review: review(1, 0), waiting_for_review: true, origin: scheduled })).toBe(
      '1 value flagged for review: its rows join the collected ones, and its webhook goes, once each flagged value is accepted or corrected.',
    );
    const held = job([document()], { waiting_for_review: true });
    expect(jobStatusWords(held)).toEqual({ label: 'Waiting for review', tone: 'warning' });
  });

  it('names what a job was run on', () => {
    expect(jobTitle(job([document()]))).toBe('invoice.pdf');
    expect(jobTitle(job([document({ kind: 'text', name: 'Coffee 3.50' })]))).toBe('“Coffee 3.50”');
    expect(jobTitle(job([document(), document({ id: 'd2' })]))).toBe('2 documents');
  });

  it('never calls a web page or pasted text a file of type Other', () => {
    expect(documentKindLabel('url', null)).toBe('Web page');
    expect(documentKindLabel('url', 'unknown')).toBe('Web page');
    expect(documentKindLabel('text', 'text')).toBe('Text');
    expect(documentKindLabel('file', 'spreadsheet')).toBe('Spreadsheet');
    expect(documentKindLabel('file', 'unknown')).toBe('File');
    // An uploaded or mailed HTML file (a mail's body) was never a web page.
    expect(documentKindLabel('file', 'html')).toBe('HTML file');
  });

  it('opens a job in the result view', () => {
    expect(openJobPath('abc')).toBe('/extract?job=abc');
  });

  it('names the sender and subject of a mailed job, and the page of a scheduled one', () => {
    const mailed = job([document()], {
      origin: { kind: 'email', extractor_id: 'e', from: 'Ada <ada@example.com>', subject: 'March' },
    });
    expect(originWords(mailed)).toBe('Mailed by Ada <ada@example.com>: “March”');
    const scheduled = job([document()], {
      origin: { kind: 'schedule', extractor_id: 'e', url: 'https://example.com/prices' },
    });
    expect(originWords(scheduled)).toBe('Scheduled run of https://example.com/prices');
    expect(originWords(job([document()]))).toBeNull();
  });

  it('says what of a mail was not read', () => {
    const origin = { kind: 'email' as const, extractor_id: 'e', from: 'Ada', subject: 'March' };
    expect(unreadWords(job([document()], { origin }))).toBeNull();
    const unread = ['logo.svg (not a file type we can read)', 'the mail’s text'];
    expect(unreadWords(job([document()], { origin: { ...origin, unread } }))).toBe(
      'Not read: logo.svg (not a file type we can read); the mail’s text.',
    );
  });

  it('says how much of a job was given stored results', () => {
    const cached = { document_id: 'd0', extracted_at: '2026-03-01T10:00:00.000Z' };
    expect(cacheWords(job([document()]))).toBeNull();
    expect(cacheWords(job([document({ from_cache: cached })]))).toBe(
      'From cache: the result of an earlier run of the same input, no model call',
    );
    expect(
      cacheWords(job([document({ from_cache: cached }), document({ id: 'd2' }), document()])),
    ).toBe('From cache: 1 of 3 documents, no model call for them');
  });
});
