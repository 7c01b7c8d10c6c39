import type { CombinedTable } from '../../../shared/combined-table';
import type { Job } from '../../../shared/jobs';
import { toCsv, toXlsx } from '../../../shared/table-export';
import type { MailMessage } from '../../mail/mailer';

const rowsWords = (count: number) => (count === 1 ? '1 row' : `${count} rows`);
const flaggedWords = (count: number) =>
  count === 1 ? '1 value flagged for review' : `${count} values flagged for review`;

/** One document's line: its rows and the values flagged in them, or why it has none. */
function documentLine(document: Job['documents'][number]): string {
  if (document.status !== 'succeeded')
    return `- ${document.name}: ${document.message ?? document.status}`;
  const flagged = document.review?.flagged ?? 0;
  return `- ${document.name}: ${rowsWords(document.rows)}${flagged > 0 ? `, ${flaggedWords(flagged)}` : ''}`;
}

/** What the reply says of doubtful values, so that nobody takes a flagged table as checked. */
function flaggedLines(job: Job): string[] {
  const flagged = job.review?.flagged ?? 0;
  if (flagged === 0) return [];
  return [
    flagged === 1
      ? '1 value is flagged for review: the reading was not sure of it. Check it before relying on the table.'
      : `${flagged} values are flagged for review: the reading was not sure of them. Check them before relying on the table.`,
  ];
}

/** In-Reply-To and References: the sender's mail program shows the reply with their mail. */
function threadHeaders(job: Job): Record<string, string> {
  const id = job.origin?.kind === 'email' ? job.origin.message_id : undefined;
  return id ? { 'In-Reply-To': id, References: id } : {};
}

/**
 * The reply to a mailed job: what was read, with the table attached as CSV or XLSX when there is
 * one; for a job that could not run (no credits), why. Marked Auto-Submitted (RFC 3834) so that
 * other robots do not answer it.
 */
export async function composeReply(options: {
  to: string;
  job: Job;
  table: CombinedTable;
  format: 'csv' | 'xlsx' | null;
  extractorName: string | null;
}): Promise<MailMessage> {
  const { job, table, format } = options;
  const subject = job.origin?.kind === 'email' ? job.origin.subject : '';
  const named = options.extractorName ? ` with the extractor “${options.extractorName}”` : '';
  const lines = job.documents.map(documentLine);
  const unread = job.origin?.kind === 'email' ? (job.origin.unread ?? []) : [];
  if (unread.length > 0) lines.push(`Not read: ${unread.join('; ')}.`);
  const hasTable = format !== null && table.rows.length > 0;
  const text = [
    job.status === 'failed'
      ? `Rowsmith could not read your mail “${subject}”${named}.`
      : `Rowsmith read your mail “${subject}”${named}: ${rowsWords(table.rows.length)}.`,
    ...flaggedLines(job),
    '',
    ...lines,
    '',
    hasTable ? `The table is attached (${format.toUpperCase()}).` : '',
  ]
    .join('\n')
    .trim();
  const attachments = hasTable
    ? [
        format === 'csv'
          ? {
              filename: 'rowsmith-table.csv',
              content: new TextEncoder().encode(toCsv(table)),
              contentType: 'text/csv; charset=utf-8',
            }
          : {
              filename: 'rowsmith-table.xlsx',
              content: await toXlsx(table, {
                sheetName: 'All documents',
                sheets: table.sheets,
              }),
              contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            },
      ]
    : undefined;
  return {
    to: options.to,
    subject: subject ? `Re: ${subject}` : 'Your mail to Rowsmith',
    text,
    attachments,
    headers: { 'Auto-Submitted': 'auto-replied', ...threadHeaders(job) },
  };
}
